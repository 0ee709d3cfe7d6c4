// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore

// `nuke-benchmarks` runs every group; `nuke-benchmarks loaders codecs` runs the groups named;
// `nuke-benchmarks compare <folder>` runs the thumbnail comparison (see `Benchmarks/compare`);
// `nuke-benchmarks shrink <folder>` the shrink-on-load comparison (see `Benchmarks/shrink`).
let groups: [(name: String, run: () async throws -> Void)] = [
    ("pipeline", PipelineBenchmarks.run),
    ("caches", CacheBenchmarks.run),
    ("codecs", CodecBenchmarks.run),
    ("avif", AVIFBenchmarks.run),
    ("heif", HEIFBenchmarks.run),
    ("jxl", JXLBenchmarks.run),
    ("sources", SourceBenchmarks.run),
    ("formats", FormatBenchmarks.run),
    ("color", ColorBenchmarks.run),
    ("animations", AnimationBenchmarks.run),
    ("processors", ProcessorBenchmarks.run),
    ("editing", EditingBenchmarks.run),
    ("loaders", LoaderBenchmarks.run),
    ("starvation", StarvationBenchmarks.run),
    ("tiers", TierBenchmarks.run),
]
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "compare" {
    guard let folder = arguments.dropFirst().first else {
        print("usage: nuke-benchmarks compare <folder>   (or Benchmarks/compare, which makes one)")
        exit(2)
    }
    try await ThumbnailComparison.run(folder: folder)
} else if arguments.first == "shrink" {
    guard let folder = arguments.dropFirst().first else {
        print("usage: nuke-benchmarks shrink <folder> [--reuse-large-allocations]   (or Benchmarks/shrink)")
        exit(2)
    }
    let reuses = arguments.contains("--reuse-large-allocations")
    if reuses { LargeAllocationReuse.enable() }
    print("glibc malloc: \(reuses ? "LargeAllocationReuse.enable() (a service's opt-in)" : "defaults")")
    try await ShrinkOnLoadComparison.run(folder: folder)
} else {
    let selected = Set(arguments)
    print("Nuke for Linux benchmarks (release build, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
    for group in groups where selected.isEmpty || selected.contains(group.name) {
        try await group.run()
    }
}
