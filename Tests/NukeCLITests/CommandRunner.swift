// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport

/// Runs the `nuke` executable built beside the test binary, as a user would.
struct CommandRunner {
    /// What a run printed and how it ended.
    struct Outcome {
        let status: Int32
        let standardOutput: String
        /// Stdout as bytes (an image written with `--output -`).
        let standardOutputData: Data
        let standardError: String

        /// The non-empty lines of stderr.
        var errorLines: [String] {
            standardError.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }
    }

    /// The scratch directory; `XDG_CACHE_HOME` points into it so no run touches `~/.cache`.
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "nuke-cli")
    }

    /// The executable.
    static var executable: URL { executableBesideTests(named: "nuke") }

    /// `path` inside the scratch directory.
    func path(_ name: String) -> String {
        directory.url.appendingPathComponent(name).path
    }

    /// Runs `nuke arguments…` (or another executable) to completion, off the cooperative thread
    /// pool; in `workingDirectory` if given, else in the scratch directory (never the checkout:
    /// a run that writes where it stands writes there).
    func run(
        _ arguments: [String],
        standardInput: Data? = nil,
        workingDirectory: String? = nil,
        executable: URL = CommandRunner.executable
    ) async throws -> Outcome {
        let inputPath = path("stdin-\(UUID().uuidString)")
        try (standardInput ?? Data()).write(to: URL(fileURLWithPath: inputPath))
        var environment = ["XDG_CACHE_HOME": path("xdg-cache")]
        environment["COLUMNS"] = "80"  // Help is laid out for a terminal this wide.
        let process = try ChildProcess(
            executable,
            arguments,
            environment: environment,
            workingDirectory: workingDirectory ?? directory.url.path,
            standardInput: inputPath,
            in: directory
        )
        let status = try await process.exitStatus()
        return Outcome(
            status: status,
            standardOutput: process.output,
            standardOutputData: FileManager.default.contents(atPath: process.standardOutput.path) ?? Data(),
            standardError: process.errors
        )
    }
}
