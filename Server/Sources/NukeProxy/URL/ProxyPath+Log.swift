// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

extension ProxyPath {
    /// What of a request path may be written to a log: the signature replaced by `-`, the
    /// options as given, and the source as a plain URL without its user name, password, query
    /// and fragment (a base64 source is decoded so that the log says which image it was, and
    /// stripped the same way). A path that does not parse keeps its options only.
    ///
    /// Signatures, credentials in source URLs and signed query strings (`X-Amz-Signature`,
    /// tokens) are never logged.
    public static func loggable(_ path: String, pathPrefix: String = "") -> (path: String, sourceHost: String?) {
        var prefix = ""
        var rest = path
        if !pathPrefix.isEmpty, path.hasPrefix(pathPrefix + "/") {
            prefix = pathPrefix
            rest = String(path.dropFirst(pathPrefix.count))
        }
        guard let parsed = try? ProxyPath(parsing: rest) else {
            let segments = rest.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2)
            let options = segments.prefix { $0.contains(":") && !$0.contains("@") }
            return (([prefix + "/-"] + options + ["…"]).joined(separator: "/"), nil)
        }
        let source = loggableSource(parsed.source)
        let options = parsed.options.map { $0.name + ($0.rawArguments.isEmpty ? "" : ":" + $0.rawArguments) }
        // An extension is a short word; anything else after an `@` was a URL's user name.
        let suffix =
            parsed.outputExtension.map { word in
                word.count <= 8 && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? "@" + word : "@…"
            } ?? ""
        let text = ([prefix + "/-"] + options + ["plain", source.text]).joined(separator: "/") + suffix
        return (text, source.host)
    }

    /// A source URL as it may be logged: scheme, host, port and path, without user name,
    /// password, query or fragment; `…` for text that is not a URL (`URL.loggable(_:)`).
    public static func loggableSource(_ source: String) -> (text: String, host: String?) {
        URL.loggable(source)
    }
}
