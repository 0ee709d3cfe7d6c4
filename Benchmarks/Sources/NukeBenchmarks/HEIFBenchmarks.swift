// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeHEIF

/// NukeHEIF beside heif-convert and Pillow with pillow-heif on the same 2000×1500 HEIC in the
/// same run: heif-convert timed as a process writing Y4M (the cheapest output it has), Pillow
/// in-process, decoding and converting to RGBA like ours.
enum HEIFBenchmarks {
    static func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-heif-bench")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let png = directory.appendingPathComponent("source.png").path
        let heic = directory.appendingPathComponent("photo.heic").path
        if !FileManager.default.fileExists(atPath: heic) {
            let source = [
                "-size", "2000x1500", "-seed", "3", "plasma:fractal", "-blur", "0x2", "-depth", "8", "PNG24:" + png,
            ]
            guard ReferenceTools.text("convert", source) != nil,
                ReferenceTools.text("heif-enc", ["-q", "60", png, "-o", heic]) != nil
            else {
                print("HEIF: skipped (needs ImageMagick and libheif-examples)")
                return
            }
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: heic))
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        print("libheif \(HEIFPlugin.libraryVersion)")
        let decode = try await measure("NukeHEIF: decode 2000×1500 HEIC to RGBA", operations: 1, iterations: 9) {
            _ = try HEIFDecoder(context: context).decode(data)
        }
        let y4m = directory.appendingPathComponent("out.y4m").path
        if let convert = ReferenceTools.medianMilliseconds(running: "heif-convert", [heic, y4m]) {
            ReferenceTools.report(
                "HEIF decode",
                ours: decode.microsecondsPerOperation / 1000,
                reference: convert,
                tool: "heif-convert to Y4M (a process)"
            )
        } else {
            print("  heif-convert: not installed (apt-get install libheif-examples)")
        }
        if let pillow = ReferenceTools.pillowMilliseconds(
            setup: "from pillow_heif import register_heif_opener; register_heif_opener()",
            "Image.open(sys.argv[1]).convert('RGBA')",
            runs: 9,
            argument: heic
        ) {
            ReferenceTools.report(
                "HEIF decode",
                ours: decode.microsecondsPerOperation / 1000,
                reference: pillow,
                tool: "Pillow + pillow-heif open + convert(RGBA)"
            )
        } else {
            print("  Pillow with pillow-heif: not installed (pip install pillow pillow-heif)")
        }
    }
}
