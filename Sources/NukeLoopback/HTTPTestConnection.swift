// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// One client connection of ``HTTPTestServer``: reads requests, writes responses, misbehaves
/// when the response says so.
struct HTTPTestConnection {
    let socket: Socket
    let index: Int
    let server: HTTPTestServer
    private var buffer: [UInt8] = []

    init(socket: Socket, index: Int, server: HTTPTestServer) {
        self.socket = socket
        self.index = index
        self.server = server
    }

    /// Serves requests until the client closes, asks to close, or a response ends the connection.
    mutating func run() {
        while let request = readRequest() {
            let handler = server.record(request)
            var response = handler?(request) ?? .status(404)
            if request.method == "HEAD" { response.body = .bytes(Data()) }
            guard write(response, keepingAlive: request.headers["Connection"]?.lowercased() != "close") else { return }
        }
    }

    // MARK: Reading

    private mutating func readRequest() -> HTTPTestRequest? {
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let end = buffer.firstRange(of: terminator) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                guard var request = HTTPTestRequest(head: head, connectionIndex: index) else { return nil }
                let bodyLength = request.headers["Content-Length"].flatMap { Int($0) } ?? 0
                while buffer.count < bodyLength {
                    guard let bytes = socket.read(upTo: 65_536) else { return nil }
                    buffer += bytes
                }
                request.body = Data(buffer.prefix(bodyLength))
                buffer.removeFirst(bodyLength)
                return request
            }
            guard buffer.count < 65_536, let bytes = socket.read(upTo: 65_536) else { return nil }
            buffer += bytes
            if let first = buffer.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) {
                // Not HTTP/1 (a TLS handshake, say): answer in plain text, as servers do, and close.
                _ = socket.write("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n".utf8)
                return nil
            }
        }
    }

    // MARK: Writing

    /// Writes a response; `false` when the connection must end.
    private func write(_ response: HTTPTestResponse, keepingAlive: Bool) -> Bool {
        if let delay = response.headDelay, !pause(for: delay) { return abandon() }
        let hasBody = response.status >= 200 && response.status != 204 && response.status != 304
        var head = "HTTP/1.1 \(response.status) \(response.reasonPhrase)\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        var isChunked = false
        switch (response.body, response.framing) {
        case (_, _) where !hasBody:
            break
        case (.endless, _), (_, .chunked):
            head += "Transfer-Encoding: chunked\r\n"
            isChunked = true
        case (.bytes(let data), .contentLength):
            head += "Content-Length: \(data.count)\r\n"
        case (.bytes, .declaredLength(let length)):
            head += "Content-Length: \(length)\r\n"
        }
        if !keepingAlive { head += "Connection: close\r\n" }
        head += "\r\n"
        guard socket.write(head.utf8) else { return abandon() }
        guard hasBody else { return keepingAlive }

        let limit: Int? =
            switch response.fault {
            case .resetAfter(let bytes), .stallAfter(let bytes): bytes
            case nil: nil
            }
        guard writeBody(response, isChunked: isChunked, limit: limit) else { return false }
        switch response.fault {
        case .resetAfter:
            socket.resetOnClose()  // The connection ends here; its owner closes it.
            return false
        case .stallAfter:
            while !server.isStopped, !socket.peerClosed(waitingUpTo: 100) {}
            return false
        case nil:
            if isChunked, !socket.write("0\r\n\r\n".utf8) { return abandon() }
            if case .declaredLength = response.framing { return false }  // The stream is out of step.
            return keepingAlive
        }
    }

    /// Writes the body's pieces, up to `limit` bytes; `false` if the client went away.
    private func writeBody(_ response: HTTPTestResponse, isChunked: Bool, limit: Int?) -> Bool {
        let pieceSize = response.pacing?.chunkSize ?? 65_536
        var sent = 0
        func writePiece(_ piece: some Collection<UInt8>) -> Bool {
            let piece = limit.map { Array(piece.prefix(max(0, $0 - sent))) } ?? Array(piece)
            guard !piece.isEmpty else { return true }
            let framed = isChunked ? Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + [13, 10] : piece
            guard socket.write(framed) else { return false }
            sent += piece.count
            if let pacing = response.pacing, !pause(for: pacing.delay) { return false }
            return true
        }
        switch response.body {
        case .bytes(let data):
            var offset = data.startIndex
            while offset < data.endIndex, limit.map({ sent < $0 }) ?? true {
                let end = min(offset + pieceSize, data.endIndex)
                guard writePiece(data[offset..<end]) else { return abandon() }
                offset = end
            }
        case .endless:
            let piece = [UInt8](repeating: 0x55, count: pieceSize)
            while !server.isStopped, limit.map({ sent < $0 }) ?? true {
                guard writePiece(piece) else { return abandon() }
            }
            return false
        }
        return true
    }

    /// Waits `delay`, watching for the client to close; `false` if it did (or the server stopped).
    private func pause(for delay: Duration) -> Bool {
        let deadline = ContinuousClock.now + delay
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return true }
            let milliseconds =
                remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
            if server.isStopped || socket.peerClosed(waitingUpTo: Int32(clamping: max(1, min(milliseconds, 50)))) {
                return false
            }
        }
    }

    private func abandon() -> Bool {
        server.recordAbandonedResponse()
        return false
    }
}
