// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport

/// A program started by a test, its output going to files in a scratch directory.
final class ChildProcess: Sendable {
    let process: Process
    let standardOutput: URL
    let standardError: URL

    /// Starts `executable arguments…` with `environment` added to this process's environment.
    init(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String] = [:],
        in directory: TemporaryDirectory
    )
        throws
    {
        let name = executable.lastPathComponent + "-" + UUID().uuidString
        standardOutput = directory.appending(name + ".out")
        standardError = directory.appending(name + ".err")
        _ = FileManager.default.createFile(atPath: standardOutput.path, contents: nil)
        _ = FileManager.default.createFile(atPath: standardError.path, contents: nil)
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: standardOutput)
        process.standardError = try FileHandle(forWritingTo: standardError)
        try process.run()
    }

    /// What it has written to stdout so far.
    var output: String { (try? String(contentsOf: standardOutput, encoding: .utf8)) ?? "" }

    /// What it has written to stderr so far.
    var errors: String { (try? String(contentsOf: standardError, encoding: .utf8)) ?? "" }

    /// Sends it a signal.
    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for it to exit, off the cooperative pool, and returns its status.
    func exitStatus() async throws -> Int32 {
        let process = self.process
        return try await runOffCooperativePool {
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// Runs `executable arguments…` to completion.
    static func run(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String] = [:],
        in directory: TemporaryDirectory
    )
        async throws -> (status: Int32, output: String, errors: String)
    {
        let child = try ChildProcess(executable, arguments, environment: environment, in: directory)
        let status = try await child.exitStatus()
        return (status, child.output, child.errors)
    }

    /// `curl` from the system.
    static let curl = URL(fileURLWithPath: "/usr/bin/curl")
}
