import Foundation

print("Nuke for Linux benchmarks (release build, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
try await PipelineBenchmarks.run()
try await CacheBenchmarks.run()
try await CodecBenchmarks.run()
try await ProcessorBenchmarks.run()
try await LoaderBenchmarks.run()
