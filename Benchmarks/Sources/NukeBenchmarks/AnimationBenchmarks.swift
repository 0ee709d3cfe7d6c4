// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

/// Resizing a 100-frame 480×360 GIF to 240 pixels wide into an animated WebP and an animated
/// GIF: `nuke fetch` beside ImageMagick (`convert in.gif -coalesce -resize 240x out.webp|gif`)
/// and gifsicle (`--resize-width 240`, GIF only), each run as a process in the same run: the
/// median time of five, the peak memory (`/usr/bin/time -f %M`) and the output's size.
///
/// Needs the `nuke` command built in release (`swift build -c release --product nuke` in the
/// repository; `NUKE_CLI` names another path), ImageMagick and gifsicle.
enum AnimationBenchmarks {
    static func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-animation-bench")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let gif = directory.appendingPathComponent("in.gif").path
        // Run from the repository or from Benchmarks/.
        let candidates = [
            ProcessInfo.processInfo.environment["NUKE_CLI"], ".build/release/nuke", "../.build/release/nuke",
        ]
        guard let nuke = candidates.compactMap({ $0 }).first(where: FileManager.default.isExecutableFile(atPath:))
        else {
            print("Animations: skipped (build nuke: swift build -c release --product nuke)")
            return
        }
        if !FileManager.default.fileExists(atPath: gif) {
            // A plasma turning 3.6° a frame: every frame changes everywhere, as in a video clip.
            let make = [
                "-size", "480x360", "-seed", "4", "plasma:fractal", "-blur", "0x1", "-duplicate", "99",
                "-distort", "SRT", "%[fx:t*3.6]", "-set", "delay", "4", "-loop", "0", gif,
            ]
            guard ReferenceTools.text("convert", make) != nil else {
                print("Animations: skipped (needs ImageMagick)")
                return
            }
        }
        let out = directory.path
        for format in ["webp", "gif"] {
            var rows: [(tool: String, run: (String, [String]), output: String)] = [
                (
                    "nuke fetch --size 240 --format \(format)",
                    (
                        nuke,
                        ["fetch", gif, "--size", "240", "--format", format, "--quality", "75", "-o", out + "/nuke"]
                    ),
                    out + "/nuke/in.\(format)"
                ),
                (
                    "convert -coalesce -resize 240x",
                    ("convert", [gif, "-coalesce", "-resize", "240x", "-quality", "75", out + "/magick.\(format)"]),
                    out + "/magick.\(format)"
                ),
            ]
            if format == "gif" {
                rows.append(
                    (
                        "gifsicle --resize-width 240",
                        ("gifsicle", ["--resize-width", "240", gif, "-o", out + "/gifsicle.gif"]),
                        out + "/gifsicle.gif"
                    )
                )
            }
            print("100-frame 480×360 GIF → 240 px wide animated \(format.uppercased())")
            var ours: Double?
            for row in rows {
                guard let milliseconds = ReferenceTools.medianMilliseconds(running: row.run.0, row.run.1),
                    let peak = peakKilobytes(row.run.0, row.run.1)
                else {
                    print("  \(row.tool): not installed")
                    continue
                }
                let size = (try? FileManager.default.attributesOfItem(atPath: row.output)[.size] as? Int) ?? 0
                let frames = frameCount(row.output) ?? 0
                print(
                    String(
                        format: "  %@: %.0f ms, peak %.1f MB, %.1f kB, %d frames",
                        row.tool,
                        milliseconds,
                        Double(peak) / 1024,
                        Double(size) / 1000,
                        frames
                    )
                )
                if let ours {
                    ReferenceTools.report("animated \(format)", ours: ours, reference: milliseconds, tool: row.tool)
                } else {
                    ours = milliseconds
                }
            }
        }
    }

    /// The peak resident memory of one run, in kilobytes.
    private static func peakKilobytes(_ tool: String, _ arguments: [String]) -> Int? {
        let resolved =
            tool.contains("/")
            ? tool : (ReferenceTools.text("which", [tool])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? tool)
        let output = ReferenceTools.text(
            "/usr/bin/time",
            ["-f", "peak=%M", resolved] + arguments,
            includingStandardError: true
        )
        return output?.split(separator: "\n").last { $0.hasPrefix("peak=") }.flatMap { Int($0.dropFirst(5)) }
    }

    /// The frames of an output, as ImageMagick's `identify` counts them.
    private static func frameCount(_ path: String) -> Int? {
        ReferenceTools.text("identify", [path]).map { $0.split(separator: "\n").count }
    }
}
