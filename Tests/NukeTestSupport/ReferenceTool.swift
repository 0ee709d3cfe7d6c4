// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation

/// A reference tool the tests check outputs with (`webpmux`, `gifsicle`), installed by `.ci/run`.
public enum ReferenceTool {
    /// A tool that could not run or failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Writes `data` to a temporary file, runs `tool` (found on `PATH`) with `arguments` and that
    /// file's path last, and returns what it printed (standard output, then error).
    public static func output(of tool: String, _ arguments: [String], on data: Data, fileExtension: String) async throws
        -> String
    {
        let directory = try TemporaryDirectory(prefix: "nuke-reference")
        let file = directory.appending("input.\(fileExtension)")
        try data.write(to: file)
        let process: ChildProcess
        do {
            process = try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/env"),
                [tool] + arguments + [file.path],
                in: directory
            )
        } catch {
            throw Failure(description: "\(tool) could not start: \(error)")
        }
        let status = try await process.exitStatus()
        let output = process.output + process.errors
        guard status == 0 else { throw Failure(description: "\(tool) failed (\(status)): \(output)") }
        return output
    }
}
