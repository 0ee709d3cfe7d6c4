// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

// `nuke-benchmarks` runs every group; `nuke-benchmarks loaders codecs` runs the groups named;
// `nuke-benchmarks compare <folder>` runs the thumbnail comparison (see `Benchmarks/compare`).
let groups: [(name: String, run: () async throws -> Void)] = [
    ("pipeline", PipelineBenchmarks.run),
    ("caches", CacheBenchmarks.run),
    ("codecs", CodecBenchmarks.run),
    ("processors", ProcessorBenchmarks.run),
    ("loaders", LoaderBenchmarks.run),
    ("starvation", StarvationBenchmarks.run),
]
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "compare" {
    guard let folder = arguments.dropFirst().first else {
        print("usage: nuke-benchmarks compare <folder>   (or Benchmarks/compare, which makes one)")
        exit(2)
    }
    try await ThumbnailComparison.run(folder: folder)
} else {
    let selected = Set(arguments)
    print("Nuke for Linux benchmarks (release build, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
    for group in groups where selected.isEmpty || selected.contains(group.name) {
        try await group.run()
    }
}
