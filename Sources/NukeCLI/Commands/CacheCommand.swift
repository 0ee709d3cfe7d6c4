// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import ArgumentParser
import Foundation
import Nuke

/// `nuke cache`: the HTTP cache the commands (and `HTTPCache.shared`) use.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show, measure or clear the HTTP cache.",
        subcommands: [Stats.self, Clear.self, Path.self]
    )

    /// `nuke cache stats`.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the number of entries and their size.")

        @OptionGroup var location: CacheLocationOptions

        func run() throws {
            let cache = try location.openCache()
            Standard.output("path         \(location.directory.path)")
            Standard.output("entries      \(cache.totalCount)")
            Standard.output("size         \(ByteCount.format(Int64(cache.totalSize))) (\(cache.totalSize) bytes)")
            Standard.output("limit        \(ByteCount.format(Int64(cache.sizeLimit)))")
        }
    }

    /// `nuke cache clear`.
    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove every entry.")

        @OptionGroup var location: CacheLocationOptions

        func run() throws {
            let cache = try location.openCache()
            let count = cache.totalCount
            cache.removeAll()
            cache.flush()
            Standard.output("Removed \(count) entr\(count == 1 ? "y" : "ies") from \(location.directory.path)")
        }
    }

    /// `nuke cache path`.
    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the cache directory.")

        @OptionGroup var location: CacheLocationOptions

        func run() {
            Standard.output(location.directory.path)
        }
    }
}
