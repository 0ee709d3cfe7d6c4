// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeDiskCache
import NukeTestSupport
import Testing

/// Two processes on one cache folder, and each program in its own folder by default.
@Suite struct DataCacheSharingTests {
    @Test("Two processes writing and reading one folder at once: no entry damaged or lost", .timeLimit(.minutes(5)))
    func twoProcesses() async throws {
        let directory = try TemporaryDirectory(prefix: "nuke-shared-cache")
        let count = 600
        let writers = try (0..<2).map { writer in
            let process = Process()
            process.executableURL = executableBesideTests(named: "DataCacheCrashWriter")
            process.arguments = [directory.path, "share", "\(writer)", "\(count)"]
            let (input, output) = (Pipe(), Pipe())
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            return (process, input, output)
        }
        let reports = try await runOffCooperativePool {
            for (_, _, output) in writers {
                guard String(decoding: output.fileHandleForReading.readData(ofLength: 6), as: UTF8.self) == "ready\n"
                else { throw TestError("a writer did not start") }
            }
            // Both are ready: they start together.
            for (_, input, _) in writers { input.fileHandleForWriting.write(Data("go\n".utf8)) }
            return writers.map { process, _, output in
                process.waitUntilExit()
                let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                return (process.terminationStatus, report)
            }
        }

        for (status, report) in reports {
            #expect(status == 0, "\(report)")
        }
        let cache = try DataCache(path: directory.url)
        for writer in 0..<2 {
            for number in 0..<count {
                let index = 1000 + writer * 10_000 + number
                let data = cache.cachedData(for: CrashTestContent.key(index))
                #expect(data.flatMap { CrashTestContent.generation(of: $0, index: index) } == writer, "\(index)")
            }
        }
        for shared in 0..<100 {
            let data = cache.cachedData(for: CrashTestContent.key(shared))
            #expect(
                data.flatMap { CrashTestContent.generation(of: $0, index: shared) }.map { [0, 1].contains($0) } == true
            )
        }
    }

    @Test("Caches made by name live in the program's own folder, which a name can replace")
    func ownFolder() throws {
        let executable = ProcessInfo.processInfo.processName
        #expect(
            DataCache.applicationCachesDirectory == DataCache.userCachesDirectory.appendingPathComponent(executable)
        )
        let name = "nuke-tests-\(UUID().uuidString)"
        let cache = try DataCache(name: name)
        defer { try? FileManager.default.removeItem(at: cache.path) }
        #expect(cache.path == DataCache.applicationCachesDirectory.appendingPathComponent(name, isDirectory: true))
        for bad in ["", ".", "..", "a/b"] {
            #expect(throws: DataCacheError.invalidName(bad)) { try DataCache.setApplicationName(bad) }
        }
        #expect(DataCache.applicationName == executable)
    }
}
