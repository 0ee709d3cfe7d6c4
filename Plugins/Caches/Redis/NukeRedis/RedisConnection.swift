// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeRedis

/// One blocking hiredis connection, set up (AUTH, SELECT) and with its time-outs set.
///
/// Used by one thread at a time: the pool hands it out and takes it back. Any I/O error leaves
/// the protocol in an unknown state, so the owner closes the connection after one.
final class RedisConnection: @unchecked Sendable {
    // @unchecked: `context` is used by one thread at a time (RedisConnectionPool hands a
    // connection to one caller and takes it back under its lock), never concurrently.

    /// Why a connection could not be made or used.
    struct Failure: Error, Equatable {
        var message: String
    }

    private let context: UnsafeMutablePointer<redisContext>
    /// The size of the last value read by ``get(_:maximumLength:)``: what the next one receives
    /// at once.
    private var replyCapacityHint = 16 << 10
    /// Whether the connection was left mid-reply (a value over the size limit): close it.
    private(set) var isBroken = false

    /// Connects to `endpoint`, authenticates and selects the database.
    init(configuration: RedisDataCache.Configuration) throws(Failure) {
        var message = [CChar](repeating: 0, count: 256)
        let connectMilliseconds = Self.milliseconds(configuration.connectTimeout)
        let operationMilliseconds = Self.milliseconds(configuration.operationTimeout)
        let context: UnsafeMutablePointer<redisContext>? =
            switch configuration.endpoint {
            case .tcp(let host, let port):
                nuke_redis_connect(host, Int32(port), nil, connectMilliseconds, operationMilliseconds, &message, 256)
            case .unixSocket(let path):
                nuke_redis_connect(nil, 0, path, connectMilliseconds, operationMilliseconds, &message, 256)
            }
        guard let context else {
            throw Failure(
                message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            )
        }
        self.context = context
        var setup: [RedisCommand] = []
        if let password = configuration.password {
            setup.append(RedisCommand(configuration.username.map { ["AUTH", $0, password] } ?? ["AUTH", password]))
        }
        if configuration.database != 0 {
            setup.append(RedisCommand(["SELECT", String(configuration.database)]))
        }
        guard !setup.isEmpty else { return }
        for reply in try perform(setup) {
            if case .error(let error) = reply { throw Failure(message: error) }
        }
    }

    /// A connection over `descriptor`, a socket already connected (no `AUTH` or `SELECT`),
    /// which it closes when released: for the fuzz target, which plays the server on the other
    /// end of a socketpair.
    init(adopting descriptor: Int32, operationTimeout: Duration) throws(Failure) {
        guard let context = nuke_redis_adopt(descriptor, Self.milliseconds(operationTimeout)) else {
            throw Failure(message: "cannot adopt the socket")
        }
        self.context = context
    }

    deinit {
        redisFree(context)
    }

    /// Sends `commands` at once (pipelined) and reads their replies in order.
    ///
    /// - Throws: ``Failure`` on an I/O error or time-out; the connection must not be used again.
    func perform(_ commands: [RedisCommand]) throws(Failure) -> [RedisReply] {
        for command in commands {
            let status = command.bytes.withUnsafeBufferPointer { bytes in
                let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                var offset = 0
                var pointers: [UnsafePointer<CChar>?] = []
                pointers.reserveCapacity(command.lengths.count)
                for length in command.lengths {
                    pointers.append((base + offset).assumingMemoryBound(to: CChar.self))
                    offset += length
                }
                return command.lengths.withUnsafeBufferPointer { lengths in
                    pointers.withUnsafeMutableBufferPointer { argv in
                        nuke_redis_append(context, Int32(argv.count), argv.baseAddress, lengths.baseAddress)
                    }
                }
            }
            guard status == REDIS_OK else { throw currentFailure() }
        }
        var replies: [RedisReply] = []
        replies.reserveCapacity(commands.count)
        for _ in commands {
            var reply: UnsafeMutablePointer<redisReply>?
            guard nuke_redis_get_reply(context, &reply) == REDIS_OK, let reply else { throw currentFailure() }
            let owner = RedisReplyOwner { freeReplyObject(reply) }
            replies.append(RedisReply(reply.pointee, owner: owner))
        }
        return replies
    }

    /// The reply to `GET key`: hiredis's parser, our own I/O (`nuke_redis_get`). The command
    /// goes out with `MSG_NOSIGNAL`, and the reply is received straight into hiredis's reader
    /// buffer, as much as the last value's size at once, and a value stays there: the reply takes
    /// the buffer over, so a 50 KB value is not copied after the kernel (it was three times
    /// through hiredis's own I/O and reply objects), with no system calls for SIGPIPE.
    /// A reply over `maximumLength` bytes is not read further: ``RedisReply/oversize(_:)``, and
    /// the connection is ``isBroken``.
    ///
    /// - Throws: ``Failure`` on an I/O error, time-out or protocol error; the connection must not
    ///   be used again.
    func get(_ key: [UInt8], maximumLength: Int) throws(Failure) -> RedisReply {
        var value: UnsafeMutablePointer<nuke_redis_value>?
        let status = key.withUnsafeBufferPointer { key in
            key.withMemoryRebound(to: CChar.self) { key in
                nuke_redis_get(context, key.baseAddress, key.count, maximumLength, replyCapacityHint, &value)
            }
        }
        if status == NUKE_REDIS_GET_OVERSIZE {
            isBroken = true
            return .oversize(maximumLength)
        }
        guard status == REDIS_OK, let value else { throw currentFailure() }
        let owner = RedisReplyOwner { nuke_redis_value_free(value) }
        let reply = value.pointee
        switch reply.type {
        case REDIS_REPLY_STRING:
            replyCapacityHint = reply.len
            return .string(RedisBytes(owner: owner, start: UnsafeRawPointer(reply.str), count: reply.len))
        case REDIS_REPLY_STATUS: return .status(reply.text)
        case REDIS_REPLY_ERROR: return .error(reply.text)
        case REDIS_REPLY_INTEGER: return .integer(reply.integer)
        default: return .null
        }
    }

    private func currentFailure() -> Failure {
        Failure(message: String(cString: nuke_redis_error(context)))
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: max(1, duration.milliseconds))
    }
}

extension nuke_redis_value {
    /// A status or error line.
    fileprivate var text: String {
        guard let str else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: str, count: len), as: UTF8.self)
    }
}

extension RedisReply {
    /// hiredis's reply; its strings stay where they are, kept alive by `owner`.
    fileprivate init(_ reply: redisReply, owner: RedisReplyOwner) {
        func text() -> String {
            guard let string = reply.str else { return "" }
            return String(decoding: UnsafeRawBufferPointer(start: string, count: reply.len), as: UTF8.self)
        }
        switch reply.type {
        case REDIS_REPLY_STRING:
            self = .string(RedisBytes(owner: owner, start: UnsafeRawPointer(reply.str), count: reply.len))
        case REDIS_REPLY_STATUS: self = .status(text())
        case REDIS_REPLY_INTEGER: self = .integer(reply.integer)
        case REDIS_REPLY_ARRAY:
            self = .array(
                (0..<reply.elements).map { index in
                    reply.element[index].map { RedisReply($0.pointee, owner: owner) } ?? .null
                }
            )
        case REDIS_REPLY_ERROR: self = .error(text())
        default: self = .null
        }
    }
}
