// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Foundation
internal import NukeCore

/// Maps Foundation's `URLError` codes to NukeCore's loader-independent errors.
enum URLErrorMapping {
    static func error(for error: any Error, url: URL, redirectLimit: Int) -> any Error {
        guard let urlError = error as? URLError else { return NetworkError.other(reason: "\(error)") }
        let reason = "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))"
        switch urlError.code {
        case .cancelled:
            return CancellationError()
        case .badURL, .unsupportedURL:
            return DataLoadingError.invalidURL(url.absoluteString)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            return NetworkError.cannotConnect(reason: reason)
        case .timedOut:
            return NetworkError.timedOut(reason: reason)
        case .networkConnectionLost:
            return NetworkError.connectionLost(reason: reason)
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return NetworkError.tooManyRedirects(limit: redirectLimit)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return NetworkError.secureConnectionFailed(reason: reason)
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData:
            return NetworkError.badServerResponse(reason: reason)
        case .unknown where reason.contains("remaining to read"):
            // corelibs-foundation passes libcurl's CURLE_PARTIAL_FILE on as an unknown error.
            return NetworkError.connectionLost(reason: reason)
        case .dataLengthExceedsMaximum:
            return NetworkError.responseTooLarge(limit: 0)
        default:
            return NetworkError.other(reason: reason)
        }
    }
}
