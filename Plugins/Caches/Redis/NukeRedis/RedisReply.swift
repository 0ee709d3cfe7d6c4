// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A reply from Redis, copied out of hiredis's reply object.
enum RedisReply: Equatable, Sendable {
    /// A bulk string.
    case bytes([UInt8])
    /// A status such as `OK`.
    case status(String)
    case integer(Int64)
    /// No value (a missing key).
    case null
    case array([RedisReply])
    /// An error reply, such as `OOM command not allowed…` or `WRONGTYPE …`.
    case error(String)

    /// Whether this error means the server cannot serve anything now (loading its data, busy
    /// with a script, refusing our credentials), as opposed to refusing this one command.
    var isServerUnavailable: Bool {
        guard case .error(let message) = self else { return false }
        let code = message.prefix { $0 != " " }
        return ["LOADING", "BUSY", "MASTERDOWN", "NOAUTH", "WRONGPASS", "NOPERM", "TRYAGAIN"].contains(code)
    }
}
