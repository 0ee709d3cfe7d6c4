// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport

@testable import NukeRedis

/// How a test reaches its Redis.
enum Transport: String, CaseIterable, CustomStringConvertible {
    case unixSocket, tcp
    var description: String { rawValue }

    func configuration(for server: RedisServer) throws -> RedisDataCache.Configuration {
        try RedisDataCache.Configuration(url: self == .tcp ? server.tcpURL : server.unixURL)
    }
}

extension RedisServer {
    /// A configuration for this server's unix socket, changed by `change`.
    func configuration(_ change: (inout RedisDataCache.Configuration) -> Void = { _ in }) throws
        -> RedisDataCache.Configuration
    {
        var configuration = try RedisDataCache.Configuration(url: unixURL)
        change(&configuration)
        return configuration
    }

    /// Runs one command on a connection of its own, as another program would.
    @discardableResult
    func command(_ arguments: [any RedisArgument], password: String? = nil) throws -> RedisReply {
        var configuration = try RedisDataCache.Configuration(url: unixURL)
        configuration.password = password
        let replies = try RedisConnection(configuration: configuration).perform([RedisCommand(arguments)])
        return replies[0]
    }
}
