// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// One Redis command: its arguments, binary-safe, kept in one buffer so that hiredis can be
/// handed pointers into it.
struct RedisCommand: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var lengths: [Int] = []

    /// A command of `arguments`, such as `["GET", key]`.
    init(_ arguments: [any RedisArgument]) {
        for argument in arguments { argument.append(to: &self) }
    }

    /// The number of bytes the command carries.
    var size: Int { bytes.count }

    fileprivate mutating func append(_ argument: some Sequence<UInt8>) {
        let start = bytes.count
        bytes += argument
        lengths.append(bytes.count - start)
    }
}

/// What a command's argument can be: text or bytes.
protocol RedisArgument {
    func append(to command: inout RedisCommand)
}

extension String: RedisArgument {
    func append(to command: inout RedisCommand) { command.append(utf8) }
}

extension Array: RedisArgument where Element == UInt8 {
    func append(to command: inout RedisCommand) { command.append(self) }
}
