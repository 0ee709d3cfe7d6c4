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
        try RedisDataCache.Configuration(url: self == .tcp ? server.tcpURL : server.unixURL).patient()
    }
}

extension RedisServer {
    /// A configuration for this server's unix socket, patient, changed by `change`.
    func configuration(_ change: (inout RedisDataCache.Configuration) -> Void = { _ in }) throws
        -> RedisDataCache.Configuration
    {
        var configuration = try RedisDataCache.Configuration(url: unixURL).patient()
        change(&configuration)
        return configuration
    }

    /// Runs one command on a connection of its own, as another program would.
    @discardableResult
    func command(_ arguments: [any RedisArgument], password: String? = nil) throws -> RedisReply {
        var configuration = try RedisDataCache.Configuration(url: unixURL).patient()
        configuration.password = password
        let replies = try RedisConnection(configuration: configuration).perform([RedisCommand(arguments)])
        return replies[0]
    }
}

extension RedisDataCache.Configuration {
    /// Time-outs of 10 s: on a busy machine (the suite runs under `stress` too) a working Redis
    /// may take longer than the defaults to answer, and a test must not see that as a failure.
    /// Tests of time-outs set their own.
    func patient() -> RedisDataCache.Configuration {
        var configuration = self
        configuration.operationTimeout = .seconds(10)
        configuration.connectTimeout = .seconds(10)
        return configuration
    }
}
