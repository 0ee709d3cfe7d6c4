// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NIOCore
import NIOHTTP1
import NIOPosix
import NukeHummingbird

/// `nuke-server health` (imgproxy's `imgproxy health`): asks a running server's `/health` over
/// loopback and says in one line whether it answered `200`.
enum HealthProbe {
    /// Whether the server at `address` answered `GET path` with 200, and the line to print.
    static func ask(_ address: BindAddress, path: String, timeout: Duration = .seconds(5)) async -> (
        isHealthy: Bool, line: String
    ) {
        let ask = { @Sendable () async -> Result<(status: HTTPResponseStatus, body: String), any Error> in
            do { return .success(try await get(path, from: address)) } catch { return .failure(error) }
        }
        switch await withTimeout(timeout, ask) {
        case nil:
            return (false, "unhealthy: \(address) did not answer within \(timeout)")
        case .failure(let error)?:
            return (false, "unhealthy: \(address): \(error)")
        case .success(let answer)?:
            let body = answer.body.split(separator: "\n").first.map(String.init) ?? ""
            guard answer.status == .ok else {
                return (false, "unhealthy: \(address) answered \(answer.status.code) \(body)")
            }
            return (true, "ok: \(address)")
        }
    }

    /// The status and the first kilobyte of the body of `GET path`.
    private static func get(_ path: String, from address: BindAddress) async throws -> (
        status: HTTPResponseStatus, body: String
    ) {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(2))
            .connect(host: address.host, port: address.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                        wrappingChannelSynchronously: channel
                    )
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
            head.headers.add(name: "Host", value: address.description)
            head.headers.add(name: "Connection", value: "close")
            try await outbound.write(.head(head))
            try await outbound.write(.end(nil))
            var status: HTTPResponseStatus?
            var body = ""
            for try await part in inbound {
                switch part {
                case .head(let head): status = head.status
                case .body(let buffer) where body.utf8.count < 1024: body += String(buffer: buffer)
                case .body: continue
                case .end:
                    guard let status else { throw HealthProbeError.noResponse }
                    return (status, body)
                }
            }
            throw HealthProbeError.noResponse
        }
    }
}

/// The server closed the connection before a whole response.
struct HealthProbeError: Error, CustomStringConvertible {
    static let noResponse = HealthProbeError()
    var description: String { "the connection closed before a response" }
}
