// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeRemoteCaching
import Testing

/// A write of `size` bytes, named for reading the tests.
private struct Command: WriteBehindCommand {
    let name: String
    let size: Int

    init(_ name: String, size: Int = 8) {
        self.name = name
        self.size = size
    }
}

@Suite struct WriteBehindBufferTests {
    let a = Array("p:a".utf8)
    let b = Array("p:b".utf8)

    @Test("Writes are visible before the store has them, newest first, until their own operation finishes")
    func staging() {
        var buffer = WriteBehindBuffer<Command>()
        #expect(buffer.write(key: a, command: Command("SET a 1"), value: Data([1])) == .startThread)
        #expect(buffer.write(key: a, command: Command("SET a 2"), value: Data([2])) == .wake)
        #expect(buffer.staged(a) == .stored(Data([2])))
        let first = buffer.takeBatch(maximumBytes: 1)
        #expect(first.count == 1, "at least one, then the byte budget")
        first.forEach { buffer.finish($0) }
        #expect(buffer.staged(a) == .stored(Data([2])), "an older write finishing leaves the newer one staged")
        let second = buffer.takeBatch(maximumBytes: 1 << 20)
        second.forEach { buffer.finish($0) }
        #expect(buffer.staged(a) == nil)
        #expect(buffer.queuedBytes == 0)
        _ = buffer.write(key: b, command: Command("DEL b"), value: nil)
        #expect(buffer.staged(b) == .removed)
    }

    @Test("removeAll hides its prefix's keys until done; keys written after it stay visible")
    func removeAll() {
        var buffer = WriteBehindBuffer<Command>()
        _ = buffer.write(key: a, command: Command("SET a 1"), value: Data([1]))
        _ = buffer.removeAll(prefix: Array("p:".utf8))
        #expect(buffer.staged(a) == .removed)
        #expect(buffer.staged(Array("q:a".utf8)) == nil, "another prefix")
        _ = buffer.write(key: b, command: Command("SET b 2"), value: Data([2]))
        #expect(buffer.staged(b) == .stored(Data([2])))
        let batch = buffer.takeBatch(maximumBytes: 1 << 20)
        #expect(batch.count == 3)
        batch.forEach { buffer.finish($0) }
        #expect(buffer.staged(a) == nil)
        #expect(buffer.staged(b) == nil)
    }

    @Test("The first operation asks for a thread; a stop ends it only when nothing came after")
    func threadLifetime() {
        var buffer = WriteBehindBuffer<Command>()
        #expect(buffer.enqueue(.stop) == .startThread)
        _ = buffer.takeBatch(maximumBytes: 1)
        _ = buffer.write(key: a, command: Command("DEL a"), value: nil)
        let endsWithWorkLeft = buffer.threadEndsAfterStop()
        #expect(!endsWithWorkLeft)
        buffer.takeBatch(maximumBytes: 1 << 20).forEach { buffer.finish($0) }
        let endsWhenIdle = buffer.threadEndsAfterStop()
        #expect(endsWhenIdle)
        #expect(buffer.enqueue(.stop) == .startThread)
    }

    @Test("Batches with distinct keys stop before a key already taken, so concurrent writes keep their order")
    func distinctKeys() {
        var buffer = WriteBehindBuffer<Command>()
        for (key, name) in [(a, "PUT a 1"), (b, "PUT b 1"), (a, "PUT a 2"), (b, "PUT b 2")] {
            _ = buffer.write(key: key, command: Command(name), value: Data(name.utf8))
        }
        let first = buffer.takeBatch(maximumBytes: 1 << 20, maximumCount: 8, distinctKeys: true)
        #expect(first.count == 2)
        let second = buffer.takeBatch(maximumBytes: 1 << 20, maximumCount: 1, distinctKeys: true)
        #expect(second.count == 1, "the count limit")
        #expect(buffer.takeBatch(maximumBytes: 1 << 20).count == 1)
        #expect(buffer.staged(b) == .stored(Data("PUT b 2".utf8)))
    }
}
