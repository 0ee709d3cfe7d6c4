// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What the test server sends back, including how it misbehaves.
public struct HTTPTestResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields; the server adds `Content-Length` or `Transfer-Encoding` from ``framing``.
    public var headers: HTTPHeaderFields
    /// The body.
    public var body: Body
    /// How the body's end is marked.
    public var framing: Framing
    /// Sends the body in pieces with a pause between them; `nil` sends it at once.
    public var pacing: Pacing?
    /// Waits this long before sending anything.
    public var headDelay: Duration?
    /// Breaks the response partway.
    public var fault: Fault?

    /// The bytes of a body.
    public enum Body: Sendable {
        /// These bytes.
        case bytes(Data)
        /// Bytes that never end (sent chunked).
        case endless
    }

    /// How the end of the body is marked.
    public enum Framing: Sendable {
        /// A true `Content-Length`.
        case contentLength
        /// A `Content-Length` that may lie: shorter or longer than the body.
        case declaredLength(Int)
        /// `Transfer-Encoding: chunked`.
        case chunked
    }

    /// A body sent in pieces.
    public struct Pacing: Sendable {
        /// Bytes per piece.
        public var chunkSize: Int
        /// The pause after each piece.
        public var delay: Duration

        /// Creates a pacing.
        public init(chunkSize: Int, delay: Duration) {
            self.chunkSize = chunkSize
            self.delay = delay
        }
    }

    /// Ways to break a response.
    public enum Fault: Sendable {
        /// Sends this many body bytes, then resets the connection (TCP RST).
        case resetAfter(bytes: Int)
        /// Sends this many body bytes, then neither sends nor closes until the client gives up.
        case stallAfter(bytes: Int)
    }

    /// Creates a response.
    public init(
        status: Int = 200,
        headers: HTTPHeaderFields = [:],
        body: Body = .bytes(Data()),
        framing: Framing = .contentLength,
        pacing: Pacing? = nil,
        headDelay: Duration? = nil,
        fault: Fault? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.framing = framing
        self.pacing = pacing
        self.headDelay = headDelay
        self.fault = fault
    }

    /// A `200` with `data`.
    public static func ok(_ data: Data, contentType: String = "application/octet-stream") -> HTTPTestResponse {
        HTTPTestResponse(headers: ["Content-Type": contentType], body: .bytes(data))
    }

    /// A bodiless response with `status`.
    public static func status(_ status: Int, headers: HTTPHeaderFields = [:]) -> HTTPTestResponse {
        HTTPTestResponse(status: status, headers: headers)
    }

    /// A `302` to `location`.
    public static func redirect(to location: String) -> HTTPTestResponse {
        HTTPTestResponse(status: 302, headers: ["Location": location])
    }

    /// The reason phrase for the status line.
    var reasonPhrase: String {
        switch status {
        case 200: "OK"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 404: "Not Found"
        case 416: "Range Not Satisfiable"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
