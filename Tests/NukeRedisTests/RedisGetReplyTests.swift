// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeRedis

/// `GET` does its own I/O around hiredis's parser: replies a real Redis never sends, from a
/// scripted server, and values over the size limit from a real one.
@Suite struct RedisGetReplyTests {
    /// A connection to `server` that gives up after 10 s (nothing here should wait at all).
    func connection(to server: ScriptedRedisServer) throws -> RedisConnection {
        try RedisConnection(configuration: RedisDataCache.Configuration(url: server.url).patient())
    }

    @Test("GET sends one well-formed command and reads a value, nil and an error reply on one connection")
    func wellFormedReplies() throws {
        let server = try ScriptedRedisServer(replies: [
            .init("$5\r\nhello\r\n".utf8), .init("$0\r\n\r\n".utf8), .init("$-1\r\n".utf8),
            .init("-WRONGTYPE Operation against a key holding the wrong kind of value\r\n".utf8),
        ])
        let connection = try connection(to: server)
        #expect(try connection.get(Array("k".utf8), maximumLength: 100).bytes == Array("hello".utf8))
        #expect(try connection.get(Array("k".utf8), maximumLength: 100).bytes == [])
        #expect(try connection.get(Array("k".utf8), maximumLength: 100) == .null)
        let error = try connection.get(Array("k".utf8), maximumLength: 100).errorMessage
        #expect(error == "WRONGTYPE Operation against a key holding the wrong kind of value")
        #expect(server.requests.first == Array("*2\r\n$3\r\nGET\r\n$1\r\nk\r\n".utf8))
    }

    @Test(
        "Replies a GET never gets are misses through the cache, never a crash, a hang or another key's value",
        arguments: [
            "+OK\r\n", ":1\r\n", "*1\r\n$1\r\na\r\n", "$-2\r\n", "$1a\r\nx\r\n", "$99999999999999999999999\r\n",
            "%3\r\n", "$3\r\nabcXY", "$3\r\nabc\r\nextra", "$-1\r\n+OK\r\n", "-ERR x\r\n+OK\r\n",
        ]
    )
    func malformedReplies(reply: String) throws {
        let server = try ScriptedRedisServer(replies: [.init(reply.utf8, closesConnection: true)])
        var configuration = try RedisDataCache.Configuration(url: server.url).patient()
        configuration.failureThreshold = 100
        let cache = RedisDataCache(configuration: configuration)
        #expect(cache.cachedData(for: "k") == nil)
        #expect(cache.statistics.misses == 1)
    }

    @Test("hiredis's parser judges the reply: a bad type byte and bytes after the reply fail the connection")
    func protocolErrors() throws {
        let badType = try ScriptedRedisServer(replies: [.init("%3\r\n".utf8)])
        #expect(throws: RedisConnection.Failure.self) {
            try connection(to: badType).get(Array("k".utf8), maximumLength: 100)
        }
        let trailing = try ScriptedRedisServer(replies: [.init("$3\r\nabc\r\nextra".utf8)])
        #expect(throws: RedisConnection.Failure(message: "data after the reply to GET")) {
            try connection(to: trailing).get(Array("k".utf8), maximumLength: 100)
        }
        let status = try ScriptedRedisServer(replies: [.init("+OK\r\n".utf8)])
        #expect(try connection(to: status).get(Array("k".utf8), maximumLength: 100) == .status("OK"))
    }

    @Test("A reply cut off by a closed connection, and no reply at all, are I/O failures")
    func closedMidReply() throws {
        let server = try ScriptedRedisServer(replies: [.init("$10\r\nabc".utf8, closesConnection: true)])
        #expect(throws: RedisConnection.Failure(message: "Server closed the connection")) {
            try connection(to: server).get(Array("k".utf8), maximumLength: 100)
        }
        #expect(throws: RedisConnection.Failure(message: "Server closed the connection")) {
            try connection(to: server).get(Array("k".utf8), maximumLength: 100)
        }
    }

    @Test("A value over the limit is not read past it: the connection is retired, the next one works")
    func oversizeOnTheWire() throws {
        let big = [UInt8](repeating: 0x61, count: 300_000)
        let server = try ScriptedRedisServer(replies: [
            .init(Array("$\(big.count)\r\n".utf8) + big + Array("\r\n".utf8)), .init("$2\r\nok\r\n".utf8),
        ])
        do {
            // Closed at the end of this scope: the server serves one connection at a time.
            let connection = try connection(to: server)
            #expect(try connection.get(Array("k".utf8), maximumLength: 1000) == .oversize(1000))
            #expect(connection.isBroken)
        }
        #expect(try connection(to: server).get(Array("k".utf8), maximumLength: 1000).bytes == Array("ok".utf8))
    }

    @Test(
        "Values of every size around the buffer's first guess read whole, larger and smaller in turn, and keep their bytes while later ones are read"
    )
    func sizesAroundTheHint() throws {
        let sizes = [0, 1, 16_370, 16_384, 16_400, 200_000, 10, 70_000, 69_999, 3]
        let server = try ScriptedRedisServer(
            replies: sizes.map { size in
                .init(
                    Array("$\(size)\r\n".utf8) + (0..<size).map { UInt8(truncatingIfNeeded: $0) } + Array("\r\n".utf8)
                )
            }
        )
        let connection = try connection(to: server)
        var held: [(size: Int, reply: RedisReply)] = []
        for size in sizes {
            let reply = try connection.get(Array("k".utf8), maximumLength: 1 << 20)
            #expect(reply.bytes == (0..<size).map { UInt8(truncatingIfNeeded: $0) }, "\(size) bytes")
            held.append((size, reply))
        }
        // A value keeps the buffer it was received into: the reads after it go to new buffers.
        for (size, reply) in held {
            #expect(reply.bytes == (0..<size).map { UInt8(truncatingIfNeeded: $0) }, "\(size) bytes, held")
        }
    }
}

@Suite(.enabled(if: RedisServer.isAvailable, "needs redis-server"))
struct RedisOversizeValueTests {
    @Test("A value over the size limit written by another program misses, is deleted, and costs no failure")
    func oversizeStoredByOthers() async throws {
        let server = try RedisServer()
        let cache = RedisDataCache(configuration: try server.configuration { $0.maximumValueSize = 1000 })
        cache.storeData(Data("small".utf8), for: "small")
        await cache.flush()
        try server.command(["SET", "nuke:big", [UInt8](repeating: 1, count: 50_000)])
        #expect(cache.cachedData(for: "big") == nil)
        #expect(cache.cachedData(for: "small") == Data("small".utf8), "the next lookup works, on a new connection")
        await cache.flush()
        #expect(try server.command(["EXISTS", "nuke:big"]) == .integer(0))
        let statistics = cache.statistics
        #expect(statistics.invalidValues == 1 && statistics.failures == 0)
        #expect(statistics.lastError?.contains("over the limit of 1000 bytes") == true)
    }
}
