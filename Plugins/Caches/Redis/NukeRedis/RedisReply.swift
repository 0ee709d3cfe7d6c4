// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// A reply from Redis. Bulk strings stay in hiredis's reply object, which lives as long as any
/// of them is referenced, so a value is not copied on its way to the caller.
enum RedisReply: Equatable {
    /// A bulk string.
    case string(RedisBytes)
    /// A status such as `OK`.
    case status(String)
    case integer(Int64)
    /// No value (a missing key).
    case null
    case array([RedisReply])
    /// An error reply, such as `OOM command not allowed…` or `WRONGTYPE …`.
    case error(String)
    /// A bulk string over the size limit of a value (this limit), not read to its end.
    case oversize(Int)

    /// A bulk string's bytes, copied; `nil` for another reply.
    var bytes: [UInt8]? {
        guard case .string(let string) = self else { return nil }
        return string.withUnsafeBytes { Array($0) }
    }

    /// An error reply's message; `nil` for another reply.
    var errorMessage: String? {
        guard case .error(let message) = self else { return nil }
        return message
    }

    /// Whether this error means the server cannot serve anything now (loading its data, busy
    /// with a script, refusing our credentials), as opposed to refusing this one command.
    var isServerUnavailable: Bool {
        guard let message = errorMessage else { return false }
        let code = message.prefix { $0 != " " }
        return ["LOADING", "BUSY", "MASTERDOWN", "NOAUTH", "WRONGPASS", "NOPERM", "TRYAGAIN"].contains(code)
    }
}

/// A bulk string inside a hiredis reply, which it keeps alive.
struct RedisBytes: Equatable {
    private let owner: RedisReplyOwner
    private let start: UnsafeRawPointer?
    /// The string's length in bytes.
    let count: Int

    init(owner: RedisReplyOwner, start: UnsafeRawPointer?, count: Int) {
        self.owner = owner
        self.start = start
        self.count = count
    }

    func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try withExtendedLifetime(owner) { try body(UnsafeRawBufferPointer(start: start, count: count)) }
    }

    /// The bytes from `offset` to the end as `Data` that shares the reply's memory (and keeps
    /// the reply until it is released).
    func data(from offset: Int) -> Data {
        guard let start, offset < count else { return Data() }
        let owner = self.owner
        return Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: start + offset),
            count: count - offset,
            deallocator: .custom { _, _ in withExtendedLifetime(owner) {} }
        )
    }

    static func == (lhs: RedisBytes, rhs: RedisBytes) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.elementsEqual(right) } }
    }
}

/// Frees a hiredis reply (with its elements) when the last string in it is released.
final class RedisReplyOwner: @unchecked Sendable {
    // @unchecked: the reply is never written after hiredis made it; it is only read, and freed
    // once, here.
    let release: () -> Void

    init(release: @escaping () -> Void) {
        self.release = release
    }

    deinit {
        release()
    }
}
