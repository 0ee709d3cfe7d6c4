// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeCurl
internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Maps libcurl's result codes to NukeCore's loader-independent errors.
enum CurlErrorMapping {
    static func error(for code: CURLcode, request: DataRequest, configuration: CurlDataLoader.Configuration)
        -> any Error
    {
        let url = request.url
        let reason = "\(String(cString: curl_easy_strerror(code))) (curl \(code.rawValue))"
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return DataLoadingError.invalidURL(url.absoluteString)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            return NetworkError.cannotConnect(reason: reason)
        case CURLE_OPERATION_TIMEDOUT:
            return NetworkError.timedOut(reason: reason)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_HTTP2_STREAM,
            CURLE_HTTP2:
            return NetworkError.connectionLost(reason: reason)
        case CURLE_TOO_MANY_REDIRECTS:
            return NetworkError.tooManyRedirects(limit: configuration.maximumRedirects)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return NetworkError.secureConnectionFailed(reason: reason)
        case CURLE_FILESIZE_EXCEEDED:
            let limit = request.maximumResponseSize(withLoaderLimit: configuration.maximumResponseSize)
            return NetworkError.responseTooLarge(limit: limit ?? 0)
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_RANGE_ERROR:
            return NetworkError.badServerResponse(reason: reason)
        default:
            return NetworkError.other(reason: reason)
        }
    }
}
