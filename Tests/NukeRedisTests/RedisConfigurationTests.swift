// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import NukeRedis
import Testing

@Suite struct RedisConfigurationTests {
    @Test("redis:// URLs: host, port, database, ACL user and percent-encoded password")
    func tcpURLs() throws {
        let plain = try RedisDataCache.Configuration(url: "redis://cache.internal")
        #expect(plain.endpoint == .tcp(host: "cache.internal", port: 6379))
        #expect(plain.password == nil && plain.username == nil && plain.database == 0)
        let full = try RedisDataCache.Configuration(url: "redis://images:p%40ss@10.0.0.5:6380/3")
        #expect(full.endpoint == .tcp(host: "10.0.0.5", port: 6380))
        #expect(full.username == "images" && full.password == "p@ss" && full.database == 3)
        let passwordOnly = try RedisDataCache.Configuration(url: "redis://:secret@[::1]:7000")
        #expect(passwordOnly.endpoint == .tcp(host: "::1", port: 7000))
        #expect(passwordOnly.username == nil && passwordOnly.password == "secret")
    }

    @Test("unix:// URLs: the socket's path, database, user and password from the query")
    func unixURLs() throws {
        let socket = try RedisDataCache.Configuration(url: "unix:///run/redis/redis.sock?db=2&user=u&password=p")
        #expect(socket.endpoint == .unixSocket(path: "/run/redis/redis.sock"))
        #expect(socket.database == 2 && socket.username == "u" && socket.password == "p")
    }

    @Test("Other schemes, no host, bad ports and databases are typed errors that hide the password")
    func errors() {
        for url in ["http://x", "redis://", "redis://h/abc", "redis://h:99999", "unix://", "unix:///s?db=-1", "::"] {
            #expect(throws: RedisConfigurationError.self, "\(url)") { try RedisDataCache.Configuration(url: url) }
        }
        do {
            _ = try RedisDataCache.Configuration(url: "redis://u:hunter2@h/x")
            Issue.record("expected an error")
        } catch {
            #expect(!error.description.contains("hunter2"))
            #expect(error.description.contains("not a number"))
        }
    }
}

@Suite struct RedisPluginTests {
    @Test("RedisPlugin registers its cache as the disk cache named redis")
    func registration() throws {
        let cache = RedisDataCache(configuration: try RedisDataCache.Configuration(url: "redis://127.0.0.1"))
        var registry = PluginRegistry()
        registry.install(RedisPlugin(cache: cache))
        #expect(registry.dataCache(named: "redis") as? RedisDataCache === cache)
        #expect(registry.dataCache(named: "disk") == nil)
    }
}
