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
    /// file's path last, and returns what it printed (standard output and error). Off the
    /// cooperative pool: the tool is waited for.
    public static func output(of tool: String, _ arguments: [String], on data: Data, fileExtension: String) async throws
        -> String
    {
        try await runOffCooperativePool {
            let file = FileManager.default.temporaryDirectory
                .appendingPathComponent("reference-\(UUID().uuidString).\(fileExtension)")
            try data.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [tool] + arguments + [file.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            do { try process.run() } catch { throw Failure(description: "\(tool) could not start: \(error)") }
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw Failure(description: "\(tool) failed (\(process.terminationStatus)): \(output)")
            }
            return output
        }
    }
}
