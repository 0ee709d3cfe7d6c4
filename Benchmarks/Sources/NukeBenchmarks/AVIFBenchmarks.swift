// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeAVIF
import NukeCore

/// NukeAVIF beside avifdec, avifenc and Pillow (13, whose wheels carry libavif) on the same
/// 2000×1500 photo-like image in the same run.
///
/// avifdec `--info` decodes the AV1 data without converting to RGB and is timed as a process
/// (start-up included); Pillow decodes and converts in-process, like ours. avifenc is timed as a
/// process that also reads the PNG; Pillow encodes in-process from RGB, at the same quality.
enum AVIFBenchmarks {
    static func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-avif-bench")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let png = directory.appendingPathComponent("source.png").path
        let avif = directory.appendingPathComponent("photo.avif").path
        if !FileManager.default.fileExists(atPath: avif) {
            guard
                ReferenceTools.text(
                    "convert",
                    [
                        "-size", "2000x1500", "-seed", "3", "plasma:fractal", "-blur", "0x2", "-depth", "8",
                        "PNG24:" + png,
                    ]
                ) != nil,
                ReferenceTools.text(
                    "avifenc",
                    ["-j", "1", "-s", "6", "--min", "25", "--max", "25", "-y", "420", png, avif]
                )
                    != nil
            else {
                print("AVIF: skipped (needs ImageMagick and libavif-bin)")
                return
            }
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: avif))
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        print("libavif \(AVIFPlugin.libraryVersion)")
        let decode = try await measure("NukeAVIF: decode 2000×1500 AVIF (4:2:0) to RGBA", operations: 1, iterations: 9)
        {
            _ = try AVIFDecoder(context: context).decode(data)
        }
        if let avifdec = ReferenceTools.medianMilliseconds(running: "avifdec", ["-j", "1", "--info", avif]) {
            ReferenceTools.report(
                "AVIF decode",
                ours: decode.microsecondsPerOperation / 1000,
                reference: avifdec,
                tool: "avifdec --info (AV1 only, no RGB; a process)"
            )
        } else {
            print("  avifdec: not installed (apt-get install libavif-bin)")
        }
        if let pillow = ReferenceTools.pillowMilliseconds(
            "Image.open(sys.argv[1]).convert('RGBA')",
            runs: 9,
            argument: avif
        ) {
            ReferenceTools.report(
                "AVIF decode",
                ours: decode.microsecondsPerOperation / 1000,
                reference: pillow,
                tool: "Pillow open + convert(RGBA)"
            )
        } else {
            print("  Pillow with AVIF: not installed (pip install 'pillow>=11.3')")
        }

        let image = try AVIFDecoder(context: context).decode(data).image
        let encoder = AVIFEncoder(mode: .lossy(quality: 0.6), speed: 6)  // quantizer 25, as avifenc below
        let encode = try await measure(
            "NukeAVIF: encode 2000×1500 at quality 0.6, speed 6",
            operations: 1,
            iterations: 3
        ) {
            _ = try encoder.encode(image)
        }
        let output = directory.appendingPathComponent("out.avif").path
        let oursSize = try encoder.encode(image).count
        _ = ReferenceTools.run(
            "avifenc",
            ["-j", "1", "-s", "6", "--min", "25", "--max", "25", "-y", "420", png, output]
        )
        let avifencSize = (try? Data(contentsOf: URL(fileURLWithPath: output)).count) ?? 0
        let pillowSize = ReferenceTools.text(
            "python3",
            [
                "-c",
                "import io, sys; from PIL import Image; b = io.BytesIO(); "
                    + "Image.open(sys.argv[1]).convert('RGB').save(b, 'AVIF', quality=60, speed=6); print(len(b.getvalue()))",
                png,
            ]
        ).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        print("  sizes: ours \(oursSize) B, avifenc \(avifencSize) B, Pillow \(pillowSize.map(String.init) ?? "-") B")
        if let avifenc = ReferenceTools.medianMilliseconds(
            running: "avifenc",
            ["-j", "1", "-s", "6", "--min", "25", "--max", "25", "-y", "420", png, output]
        ) {
            ReferenceTools.report(
                "AVIF encode",
                ours: encode.microsecondsPerOperation / 1000,
                reference: avifenc,
                tool: "avifenc (a process, PNG read included)"
            )
        }
        if let pillow = ReferenceTools.pillowMilliseconds(
            setup: "im = Image.open(sys.argv[1]).convert('RGB')",
            "im.save(io.BytesIO(), 'AVIF', quality=60, speed=6, max_threads=1)",
            runs: 3,
            argument: png
        ) {
            ReferenceTools.report(
                "AVIF encode",
                ours: encode.microsecondsPerOperation / 1000,
                reference: pillow,
                tool: "Pillow save(AVIF, quality=60, speed=6)"
            )
        }
    }
}
