// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeRemoteCaching

@testable import NukeRedis

#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's entry point: the input as everything a Redis server answers to two `GET`s on one
/// connection (then it hangs up), through `RedisConnection.get` — our I/O around hiredis's
/// parser — and, for a bulk string, the value checks a hit goes through.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var descriptors: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0 else { return 0 }
    let server = descriptors[1]
    defer { close(server) }
    // The server's whole answer is written before the client asks (what does not fit in the
    // socket's buffer is dropped: libFuzzer's inputs are 4 KB by default, the buffer ~200 KB),
    // and the client's requests wait, unread, in the server's receive buffer.
    var offset = 0
    while offset < count {
        let written = send(server, start + offset, count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        guard written > 0 else { break }
        offset += written
    }
    shutdown(server, Int32(SHUT_WR))
    guard let connection = try? RedisConnection(adopting: descriptors[0], operationTimeout: .seconds(5)) else {
        close(descriptors[0])
        return 0
    }
    let key = Array("nuke:k".utf8)
    for _ in 0..<2 {
        guard let reply = try? connection.get(key, maximumLength: 1024) else { break }
        if case .string(let value) = reply {
            _ = value.withUnsafeBytes { CheckedValueFrame.unframe($0, key: key) }
            _ = value.data(from: 0)
        }
        if connection.isBroken { break }
    }
    return 0
}
