// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeDiskCache
import NukeTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DataCacheCrashTests {
    /// The writer executable, built beside the test binary.
    private static var writerURL: URL { executableBesideTests(named: "DataCacheCrashWriter") }

    @Test("A writer killed with SIGKILL 20 times never leaves a partial or mixed entry")
    func killedWriter() throws {
        let directory = try TemporaryDirectory(prefix: "nuke-crash")
        var random = SystemRandomNumberGenerator()
        var everIntact = 0
        for run in 0..<20 {
            let process = Process()
            process.executableURL = Self.writerURL
            process.arguments = [directory.path, "\(run * 100)", "\(Int.random(in: 0..<1000, using: &random))"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let ready = output.fileHandleForReading.readData(ofLength: 6)
            try #require(String(decoding: ready, as: UTF8.self) == "ready\n")
            usleep(UInt32.random(in: 5_000...100_000, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)

            // Every entry file on disk must read back intact, after every kill.
            let cache = try DataCache(path: directory.url)
            var intact = 0
            for index in 0..<1000 {
                guard let data = cache.cachedData(for: CrashTestContent.key(index)) else { continue }
                #expect(
                    CrashTestContent.generation(of: data, index: index) != nil,
                    "run \(run): entry \(index) damaged"
                )
                intact += 1
            }
            let entryFiles = directory.fileNames().filter { !$0.hasPrefix(".") }
            #expect(entryFiles.count == intact, "run \(run): \(entryFiles.count - intact) unreadable entry files")
            everIntact = max(everIntact, intact)
        }
        #expect(everIntact > 0)
    }
}
