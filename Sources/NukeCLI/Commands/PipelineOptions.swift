// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import ArgumentParser
import Foundation
import Nuke

/// Where the HTTP cache lives: `--cache-dir`, shared by every command that uses the cache.
struct CacheLocationOptions: ParsableArguments {
    @Option(
        name: .customLong("cache-dir"),
        help: "The HTTP cache directory (default: $XDG_CACHE_HOME/nuke/http-cache, else ~/.cache/nuke/http-cache)."
    )
    var cacheDirectory: String?

    /// The directory, whether given or the command's own (never another program's: the
    /// library's default cache is in each program's own folder).
    var directory: URL {
        if let cacheDirectory { return URL(fileURLWithPath: cacheDirectory, isDirectory: true) }
        return DataCache.userCachesDirectory.appendingPathComponent("nuke/http-cache", isDirectory: true)
    }

    /// Opens the cache, creating the directory if needed.
    func openCache() throws(CommandLineError) -> DataCache {
        do {
            return try DataCache(path: directory)
        } catch {
            throw CommandLineError("cannot use the cache directory \(directory.path): \(error)")
        }
    }
}

/// The network loaders `--loader` picks from.
enum LoaderChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// libcurl's multi interface (NukeCurl), the default.
    case curl
    /// FoundationNetworking's URLSession (NukeURLSession).
    case urlsession
}

/// The options of commands that run images through a pipeline.
struct PipelineOptions: ParsableArguments {
    @OptionGroup var cache: CacheLocationOptions

    @Option(help: "The network loader: curl or urlsession.")
    var loader: LoaderChoice = .curl

    @Option(help: "The most downloads at once.")
    var concurrency: Int = 6

    @Option(
        name: .customLong("max-response-size"),
        help: "The largest download, in bytes or with K, M or G (default: a tenth of the memory)."
    )
    var maximumResponseSize: ByteSize?

    @Option(
        name: .customLong("max-pixels"),
        help: "The most pixels an image may decode or process to (default: from the memory)."
    )
    var maximumPixelCount: Int?

    @Flag(
        name: .customLong("no-shrink-on-load"),
        help: "Decode every pixel even when the first processor or --size reduces the image."
    )
    var noShrinkOnLoad = false

    /// Opens the cache and builds the pipeline these options describe.
    func makePipeline(colorManagement: ColorManagementPolicy = .convertToSRGB()) throws(CommandLineError)
        -> CommandLinePipeline
    {
        CommandLinePipeline(
            loader: loader,
            concurrency: concurrency,
            httpCache: try cache.openCache(),
            limits: CommandLinePipeline.Limits(
                maximumResponseSize: maximumResponseSize?.bytes,
                maximumPixelCount: maximumPixelCount,
                isShrinkOnLoadEnabled: !noShrinkOnLoad,
                colorManagement: colorManagement
            )
        )
    }

    func validate() throws {
        guard (1...256).contains(concurrency) else {
            throw ValidationError("--concurrency must be between 1 and 256, not \(concurrency)")
        }
        if let maximumResponseSize, maximumResponseSize.bytes < 1 {
            throw ValidationError("--max-response-size must be at least 1 byte")
        }
        if let maximumPixelCount, maximumPixelCount < 1 {
            throw ValidationError("--max-pixels must be at least 1")
        }
    }
}
