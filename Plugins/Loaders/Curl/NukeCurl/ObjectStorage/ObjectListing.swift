// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Foundation

#if canImport(FoundationXML)
    internal import FoundationXML
#endif

/// One page of an S3 `ListObjectsV2` answer: the object keys, and the token for the next page
/// when there is one. Read with Foundation's XML parser; anything else reads as `nil`.
struct ObjectListing: Equatable {
    /// The keys on this page.
    var keys: [String] = []
    /// `NextContinuationToken`, when `IsTruncated` says more pages follow.
    var continuationToken: String?

    /// The page `xml` holds, or `nil` when it is not a `ListBucketResult`.
    init?(xml: Data) {
        let reader = Reader()
        let parser = XMLParser(data: xml)
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        guard parser.parse(), reader.isListing else { return nil }
        keys = reader.keys
        continuationToken = reader.isTruncated ? reader.token : nil
    }

    /// The `list-type=2` query for keys starting with `prefix`, after `token`'s page.
    static func query(prefix: String, after token: String?) -> String {
        var items = [URLQueryItem(name: "list-type", value: "2"), URLQueryItem(name: "prefix", value: prefix)]
        if let token { items.append(URLQueryItem(name: "continuation-token", value: token)) }
        // AWS Signature V4 encodes queries as paths are (RFC 3986 unreserved characters only), so
        // the URL sent is the one libcurl signs.
        return items.map { "\($0.name)=\(ObjectLocation.uriEncoded($0.value ?? "", keepingSlashes: false))" }
            .joined(separator: "&")
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var keys: [String] = []
        var token: String?
        var isTruncated = false
        var isListing = false
        private var path: [String] = []
        private var text = ""

        func parser(
            _ parser: XMLParser,
            didStartElement name: String,
            namespaceURI: String?,
            qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if path.isEmpty, name == "ListBucketResult" { isListing = true }
            path.append(name)
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch (path.dropLast().last, name) {
            case ("Contents"?, "Key"): keys.append(text)
            case ("ListBucketResult"?, "NextContinuationToken"): token = text
            case ("ListBucketResult"?, "IsTruncated"): isTruncated = text == "true"
            default: break
            }
            path.removeLast()
            text = ""
        }
    }
}
