import Foundation

// `nuke-benchmarks` runs every group; `nuke-benchmarks loaders codecs` runs the groups named.
let groups: [(name: String, run: () async throws -> Void)] = [
    ("pipeline", PipelineBenchmarks.run),
    ("caches", CacheBenchmarks.run),
    ("codecs", CodecBenchmarks.run),
    ("processors", ProcessorBenchmarks.run),
    ("loaders", LoaderBenchmarks.run),
]
let selected = Set(CommandLine.arguments.dropFirst())
print("Nuke for Linux benchmarks (release build, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
for group in groups where selected.isEmpty || selected.contains(group.name) {
    try await group.run()
}
