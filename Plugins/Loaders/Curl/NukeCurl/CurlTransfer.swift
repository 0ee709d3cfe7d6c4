// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeCurl
internal import NukeCore
internal import NukeHTTP

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#endif

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// One request through the engine, across its attempts; owned by the engine's thread.
///
/// Builds an easy handle for each attempt, turns libcurl's header and body callbacks into a
/// `DataResponse` and chunks, validates the status before any body byte is delivered,
/// and decides at the end whether to complete or retry.
final class CurlTransfer {
    /// What the engine should do when an attempt ends.
    enum Outcome {
        case complete((any Error)?)
        case retry(after: Double)
    }

    let id: UInt64
    let request: DataRequest
    private let configuration: CurlDataLoader.Configuration
    /// The pipeline delegate's redirect decision, asked after the configuration's.
    private let redirectDecision: RedirectDecision?
    /// The request's limit or the loader's, whichever is smaller.
    private let maximumResponseSize: Int?
    private let didReceiveData: @Sendable (Data, DataResponse) -> Void
    private let completion: @Sendable ((any Error)?) -> Void

    private(set) var handle: CurlEasyHandle?
    private(set) var attempt = 0
    private var headers = HTTPHeaderFields()
    private var response: DataResponse?
    private var receivedBytes = 0
    private var hasDeliveredData = false
    private var stoppedWith: Outcome?
    private var isCompleted = false
    /// The last address the address policy refused in this attempt.
    private var deniedAddress: IPAddress?

    init(
        id: UInt64,
        request: DataRequest,
        configuration: CurlDataLoader.Configuration,
        redirectDecision: RedirectDecision?,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        self.id = id
        self.request = request
        self.configuration = configuration
        self.redirectDecision = redirectDecision
        self.maximumResponseSize = request.maximumResponseSize(withLoaderLimit: configuration.maximumResponseSize)
        self.didReceiveData = didReceiveData
        self.completion = completion
    }

    // MARK: Attempts

    /// Makes the easy handle for the next attempt.
    ///
    /// - Throws: `NetworkError` when libcurl has no memory for a handle, or cannot apply a
    ///   security option it was given (it is never dropped silently).
    func makeHandle() throws -> CurlEasyHandle {
        attempt += 1
        headers = HTTPHeaderFields()
        response = nil
        receivedBytes = 0
        stoppedWith = nil
        deniedAddress = nil
        guard let handle = CurlEasyHandle() else {
            throw NetworkError.other(reason: "libcurl could not create a handle")
        }
        try CurlRequestOptions(configuration: configuration).apply(to: handle, for: request)
        let context = Unmanaged.passUnretained(self).toOpaque()
        handle.set(CURLOPT_WRITEFUNCTION, callback: curlWriteCallback)
        handle.set(CURLOPT_WRITEDATA, context: context)
        handle.set(CURLOPT_HEADERFUNCTION, callback: curlHeaderCallback)
        handle.set(CURLOPT_HEADERDATA, context: context)
        if configuration.addressPolicy.deniesAnything {
            handle.setOpenSocketCallback(curlOpenSocketCallback)
            handle.set(CURLOPT_OPENSOCKETDATA, context: context)
        }
        self.handle = handle
        return handle
    }

    /// Decides what follows an attempt that libcurl finished with `result`.
    func outcome(of result: CURLcode) -> Outcome {
        if let stoppedWith { return stoppedWith }
        if result == CURLE_OK {
            if response == nil {  // No body: the response is known only now.
                let response = makeResponse()
                if let outcome = validate(response) { return outcome }
                self.response = response
                didReceiveData(Data(), response)
            }
            return .complete(nil)
        }
        if result == CURLE_COULDNT_CONNECT, let deniedAddress {  // Never retried: it would be refused again.
            return .complete(NetworkError.addressNotAllowed(address: deniedAddress.description))
        }
        let error = CurlErrorMapping.error(for: result, request: request, configuration: configuration)
        if let delay = configuration.retryPolicy.delay(
            beforeRetry: attempt,
            of: request,
            failedWith: error,
            hasDeliveredData: hasDeliveredData
        ) {
            return .retry(after: delay)
        }
        return .complete(error)
    }

    /// Releases the attempt's handle.
    func releaseHandle() {
        handle = nil
    }

    /// Calls the completion, once.
    func complete(with error: (any Error)?) {
        guard !isCompleted else { return }
        isCompleted = true
        handle = nil
        completion(error)
    }

    // MARK: Callbacks

    fileprivate func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Int {
        let line = Substring(String(decoding: bytes, as: UTF8.self)).trimmingHTTPWhitespace()
        if line.isEmpty, let refusal = refusedRedirect() {  // The end of a response's headers.
            stoppedWith = .complete(refusal)
            return 0  // Stops the transfer before the redirect is followed.
        }
        if line.hasPrefix("HTTP/") {
            headers = HTTPHeaderFields()  // A new response: a redirect's or an interim one came first.
        } else if let colon = line.firstIndex(of: ":") {
            let name = String(line[..<colon])
            let value = String(line[line.index(after: colon)...].trimmingHTTPWhitespace())
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return bytes.count
    }

    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        if response == nil {
            let response = makeResponse()
            if let outcome = validate(response) {
                stoppedWith = outcome
                return 0  // Stops the transfer with CURLE_WRITE_ERROR.
            }
            self.response = response
        }
        receivedBytes += bytes.count
        if let limit = maximumResponseSize, receivedBytes > limit {
            stoppedWith = .complete(NetworkError.responseTooLarge(limit: limit))
            return 0
        }
        guard let response, !bytes.isEmpty else { return bytes.count }
        hasDeliveredData = true
        didReceiveData(Data(bytes), response)
        return bytes.count
    }

    /// The error for a redirect that ``CurlDataLoader/Configuration/isRedirectAllowed`` or the
    /// delegate's decision refuses, once the headers of a response that libcurl would follow have
    /// arrived.
    private func refusedRedirect() -> NetworkError? {
        guard configuration.isRedirectAllowed != nil || redirectDecision != nil, configuration.maximumRedirects > 0,
            let handle, case let status = handle.info(CURLINFO_RESPONSE_CODE), (300..<400).contains(status),
            status != 304, let location = headers["Location"]
        else { return nil }
        let current = handle.stringInfo(CURLINFO_EFFECTIVE_URL).flatMap(URL.init(string:)) ?? request.url
        guard let target = URL(string: location, relativeTo: current)?.absoluteURL,
            configuration.isRedirectAllowed?(target) ?? true
        else { return .redirectNotAllowed(url: location) }
        if let redirectDecision {
            let response = DataResponse(url: current, statusCode: status, headers: headers)
            guard redirectDecision(Redirect(source: current, target: target, response: response)) else {
                return .redirectNotAllowed(url: location)
            }
        }
        return nil
    }

    /// Opens a socket to `address` if the address policy allows it; otherwise records the
    /// address and refuses (libcurl then tries the host's other addresses, if any).
    fileprivate func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
        let ip = Self.ipAddress(of: address)
        guard let ip, configuration.addressPolicy.allows(ip) else {
            deniedAddress = ip
            return CURL_SOCKET_BAD
        }
        let type = address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue)
        return socket(address.pointee.family, type, address.pointee.protocol)
    }

    /// The IPv4 or IPv6 address of a socket address libcurl is about to connect to.
    private static func ipAddress(of address: UnsafeMutablePointer<curl_sockaddr>) -> IPAddress? {
        let family = address.pointee.family
        let length = Int(address.pointee.addrlen)
        // The sockaddr is as long as `addrlen` (libcurl keeps room for any family).
        let socketAddress = UnsafeRawPointer(address) + MemoryLayout<curl_sockaddr>.offset(of: \.addr)!
        switch family {
        case AF_INET where length >= MemoryLayout<sockaddr_in>.size:
            let ipv4 = socketAddress.loadUnaligned(as: sockaddr_in.self).sin_addr
            return withUnsafeBytes(of: ipv4) { IPAddress(bytes: Array($0)) }
        case AF_INET6 where length >= MemoryLayout<sockaddr_in6>.size:
            let ipv6 = socketAddress.loadUnaligned(as: sockaddr_in6.self).sin6_addr
            return withUnsafeBytes(of: ipv6) { IPAddress(bytes: Array($0)) }
        default:
            return nil
        }
    }

    // MARK: Responses

    private func makeResponse() -> DataResponse {
        let effectiveURL = handle?.stringInfo(CURLINFO_EFFECTIVE_URL).flatMap(URL.init(string:))
        return DataResponse(
            url: effectiveURL ?? request.url,
            statusCode: handle?.info(CURLINFO_RESPONSE_CODE),
            headers: headers,
            expectedContentLength: handle?.sizeInfo(CURLINFO_CONTENT_LENGTH_DOWNLOAD_T) ?? -1
        )
    }

    /// `nil` if the response may be delivered; else the attempt's outcome (retry or failure).
    private func validate(_ response: DataResponse) -> Outcome? {
        let validation = ResponseValidation.check(
            response,
            for: request,
            attempt: attempt,
            isAcceptableStatusCode: configuration.isAcceptableStatusCode,
            retryPolicy: configuration.retryPolicy
        )
        switch validation {
        case .accept: return nil
        case .retry(let delay): return .retry(after: delay)
        case .fail(let error): return .complete(error)
        }
    }
}

private let curlWriteCallback: nuke_curl_data_callback = { buffer, size, count, context in
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
    return transfer.receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
}

private let curlOpenSocketCallback: curl_opensocket_callback = { context, _, address in
    guard let context, let address else { return CURL_SOCKET_BAD }
    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().openSocket(address)
}

private let curlHeaderCallback: nuke_curl_data_callback = { buffer, size, count, context in
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
    return transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: size * count))
}

extension Substring {
    /// Without leading and trailing white space (spaces, tabs, line ends).
    fileprivate func trimmingHTTPWhitespace() -> Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return self[first...last]
    }
}
