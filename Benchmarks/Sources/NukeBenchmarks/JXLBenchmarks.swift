// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeJXL

/// NukeJXL beside djxl on the same 2000×1500 JPEG XL in the same run: djxl decodes it on one
/// thread several times and reports its own speed (no file written), so process start-up does
/// not count.
enum JXLBenchmarks {
    static func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-jxl-bench")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let png = directory.appendingPathComponent("source.png").path
        let jxl = directory.appendingPathComponent("photo.jxl").path
        if !FileManager.default.fileExists(atPath: jxl) {
            let source = [
                "-size", "2000x1500", "-seed", "3", "plasma:fractal", "-blur", "0x2", "-depth", "8", "PNG24:" + png,
            ]
            guard ReferenceTools.text("convert", source) != nil,
                ReferenceTools.text("cjxl", ["--quiet", png, jxl, "-d", "1", "-e", "7"]) != nil
            else {
                print("JPEG XL: skipped (needs ImageMagick and libjxl-tools)")
                return
            }
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: jxl))
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        print("libjxl \(JXLPlugin.libraryVersion)")
        let decode = try await measure(
            "NukeJXL: decode 2000×1500 JPEG XL (distance 1) to RGBA",
            operations: 1,
            iterations: 5
        ) {
            _ = try JXLDecoder(context: context).decode(data)
        }
        // "2000 x 1500, 12.34 MP/s [12.00, 12.50], 5 reps, 0 threads."
        guard
            let output = ReferenceTools.text(
                "djxl",
                [jxl, "--num_reps=5", "--num_threads=0"],
                includingStandardError: true
            ),
            let line = output.split(separator: "\n").first(where: { $0.contains("MP/s") }),
            let rate = line.split(separator: " ").firstIndex(of: "MP/s").flatMap({ index in
                Double(line.split(separator: " ")[index - 1].trimmingCharacters(in: CharacterSet(charactersIn: ",")))
            })
        else {
            print("  djxl: not installed (apt-get install libjxl-tools)")
            return
        }
        ReferenceTools.report(
            "JPEG XL decode",
            ours: decode.microsecondsPerOperation / 1000,
            reference: 3.0 / rate * 1000,
            tool: "djxl --num_threads=0 (its own timer)"
        )
    }
}
