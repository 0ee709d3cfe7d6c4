// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

/// The reference tools the benchmarks run beside ours (tjbench, Pillow, vipsthumbnail, dwebp,
/// ImageMagick), and how results are reported.
enum ReferenceTools {
    /// Runs `tool` (found on `PATH`) and returns its standard output — with standard error too,
    /// if asked — or `nil` when the tool is missing or fails.
    static func run(_ tool: String, _ arguments: [String], includingStandardError: Bool = false) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = includingStandardError ? output : FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }

    /// ``run(_:_:includingStandardError:)`` as text.
    static func text(_ tool: String, _ arguments: [String], includingStandardError: Bool = false) -> String? {
        run(tool, arguments, includingStandardError: includingStandardError).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Times a Pillow operation in-process: the median of `runs` runs after one warm-up, in
    /// milliseconds, or `nil` if Python or Pillow is missing. `setup` runs once; `operation` is
    /// timed; both may use `sys.argv[1]`, which is `argument`.
    static func pillowMilliseconds(setup: String = "", _ operation: String, runs: Int, argument: String = "") -> Double?
    {
        let indented = operation.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        let script = """
            import io, sys, time
            from PIL import Image, ImageFilter, ImageSequence
            \(setup)
            def once():
            \(indented)
            once()
            runs = []
            for _ in range(\(runs)):
                start = time.perf_counter(); once(); runs.append(time.perf_counter() - start)
            print(sorted(runs)[len(runs) // 2] * 1000)
            """
        return text("python3", ["-c", script, argument]).flatMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Runs `tool` once to warm up, then 5 times; the median wall time of a run (process start
    /// included), in milliseconds, or `nil` if the tool is missing or fails.
    static func medianMilliseconds(running tool: String, _ arguments: [String]) -> Double? {
        guard run(tool, arguments) != nil else { return nil }
        var runs: [Double] = []
        for _ in 0..<5 {
            let start = ContinuousClock.now
            guard run(tool, arguments) != nil else { return nil }
            runs.append((ContinuousClock.now - start).milliseconds)
        }
        return median(runs)
    }

    /// The middle value.
    static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    /// Prints a throughput ratio (higher is better for us).
    static func report(_ name: String, ours: Double, reference: Double, unit: String, tool: String) {
        print(String(format: "  → %@: %.2f× %@ (%.1f vs %.1f %@)", name, ours / reference, tool, ours, reference, unit))
    }

    /// Prints two times in milliseconds as a speed ratio (higher is better for us).
    static func report(_ name: String, ours: Double, reference: Double, tool: String) {
        let ratio = reference / ours
        print(String(format: "  → %@: %.2f× the speed of %@ (%.1f ms vs %.1f ms)", name, ratio, tool, ours, reference))
    }
}
