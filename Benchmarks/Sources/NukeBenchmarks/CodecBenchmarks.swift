// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeGIF
import NukeJPEG
import NukePNG
import NukeProcessors
import NukeWebP

/// NukeJPEG and NukePNG beside the tools people use instead, on the same files in the same run:
/// tjbench (libjpeg-turbo's own benchmark), Pillow, and vipsthumbnail.
///
/// Inputs are made with ImageMagick and cjpeg: a 12-megapixel (4000×3000) photo-like JPEG at
/// quality 90 and a 2000×1500 RGBA PNG. Tools that are missing are skipped with a note.
enum CodecBenchmarks {
    static func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-codec-bench")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard let inputs = makeInputs(in: directory) else {
            print("codecs: skipped (needs ImageMagick's convert and libjpeg-turbo-progs' cjpeg)")
            return
        }
        try await jpegDecode(inputs.jpeg)
        try await jpegThumbnail(inputs.jpeg, directory: directory)
        try await pngDecode(inputs.png)
        try await animatedGIF(in: directory)
        try await webpStill(inputs.jpeg, directory: directory)
    }

    // MARK: Animated GIF vs Pillow

    private static func animatedGIF(in directory: URL) async throws {
        let path = directory.appendingPathComponent("animation.gif").path
        if !FileManager.default.fileExists(atPath: path) {
            // 60 frames of 480×360 with a moving plasma crop: every frame changes most pixels.
            var arguments = ["-size", "960x720", "-seed", "9", "plasma:fractal", "-write", "mpr:plasma", "+delete"]
            for index in 0..<60 {
                arguments += ["(", "mpr:plasma", "-crop", "480x360+\(index * 8)+\(index * 6)", "+repage", ")"]
            }
            arguments += ["-delay", "4", "-loop", "0", "-layers", "Optimize", path]
            guard ReferenceTools.text("convert", arguments) != nil else {
                print("animated GIF: skipped (needs ImageMagick)")
                return
            }
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        let ours = try await measure("NukeGIF: composite all 60 frames of a 480×360 GIF", operations: 1, iterations: 9)
        {
            let container = try GIFDecoder(context: context).decode(data)
            var frames = 0
            for _ in container.animation?.frames ?? AnySequence([]) { frames += 1 }
            precondition(frames == 60)
        }
        let operation = """
            im = Image.open(sys.argv[1])
            for frame in ImageSequence.Iterator(im): frame.convert("RGBA")
            """
        guard let pillow = ReferenceTools.pillowMilliseconds(operation, runs: 9, argument: path) else {
            print("  Pillow: not installed (pip install pillow)")
            return
        }
        ReferenceTools.report(
            "GIF, all frames composited",
            ours: ours.microsecondsPerOperation / 1000,
            reference: pillow,
            tool: "Pillow ImageSequence + convert(RGBA)"
        )
    }

    // MARK: WebP still vs dwebp

    private static func webpStill(_ jpeg: String, directory: URL) async throws {
        let png = directory.appendingPathComponent("webp-source.png").path
        let webp = directory.appendingPathComponent("photo.webp").path
        if !FileManager.default.fileExists(atPath: webp) {
            guard ReferenceTools.text("convert", [jpeg, "-resize", "2000x1500", png]) != nil,
                ReferenceTools.text("cwebp", ["-quiet", "-q", "80", png, "-o", webp]) != nil
            else {
                print("WebP: skipped (needs ImageMagick and cwebp)")
                return
            }
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: webp))
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        let ours = try await measure("NukeWebP: decode 2000×1500 lossy WebP", operations: 1, iterations: 15) {
            _ = try WebPDecoder(context: context).decode(data)
        }
        // dwebp reports its own decode time with -v; take the median of several runs.
        var times: [Double] = []
        for _ in 0..<9 {
            guard
                let output = ReferenceTools.text(
                    "dwebp",
                    ["-v", webp, "-pam", "-o", "/dev/null"],
                    includingStandardError: true
                ),
                let line = output.split(separator: "\n").first(where: { $0.contains("Time to decode picture") }),
                let seconds = line.split(separator: " ").compactMap({
                    Double($0.trimmingCharacters(in: CharacterSet(charactersIn: "s")))
                }).first
            else { break }
            times.append(seconds * 1000)
        }
        guard !times.isEmpty else {
            print("  dwebp: not installed (apt-get install webp)")
            return
        }
        let dwebp = ReferenceTools.median(times)
        ReferenceTools.report(
            "WebP still decode",
            ours: ours.microsecondsPerOperation / 1000,
            reference: dwebp,
            tool: "dwebp (its own decode timer)"
        )
    }

    // MARK: Full JPEG decode vs tjbench

    private static func jpegDecode(_ path: String) async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        let ours = try await measure("NukeJPEG: decode 12 MP JPEG to RGBA", operations: 1, iterations: 15) {
            _ = try JPEGDecoder(context: context).decode(data)
        }
        let ourRate = 12.0 / (ours.microsecondsPerOperation / 1e6)
        // The same decode into one reused bitmap, as tjbench decodes into one reused buffer.
        let decoder = JPEGDecoder(context: context)
        let storage = Storage()
        let reusing = try await measure(
            "NukeJPEG: decode 12 MP JPEG, reusing the bitmap",
            operations: 1,
            iterations: 15
        ) {
            let image = try decoder.decode(data, reusing: &storage.bitmap).image
            storage.bitmap = image
        }
        let reusingRate = 12.0 / (reusing.microsecondsPerOperation / 1e6)
        // A new 48 MB bitmap per decode costs page faults that tjbench, which reuses one buffer,
        // never pays (huge pages make them few); measured alone so the two costs can be told apart.
        let allocation = try await measure(
            "  of which: a fresh 48 MB bitmap, first touch",
            operations: 1,
            iterations: 15
        ) {
            let bitmap = try Bitmap(width: 4000, height: 3000, pixelFormat: .rgba8) { buffer in
                for page in stride(from: 0, to: buffer.count, by: 4096) { buffer[page] = 1 }
            }
            precondition(bitmap.pixels[4096] == 1)
        }
        let decodeOnlyRate = 12.0 / ((ours.microsecondsPerOperation - allocation.microsecondsPerOperation) / 1e6)
        guard let output = ReferenceTools.text("tjbench", [path, "-rgbx", "-benchtime", "3", "-warmup", "1"]),
            let rate = output.split(separator: "\n").compactMap(megapixelsPerSecond).first
        else {
            print("  tjbench: not installed (apt-get install libjpeg-turbo-progs)")
            return
        }
        ReferenceTools.report("JPEG full decode", ours: ourRate, reference: rate, unit: "MP/s", tool: "tjbench -rgbx")
        ReferenceTools.report(
            "JPEG full decode, reusing the bitmap",
            ours: reusingRate,
            reference: rate,
            unit: "MP/s",
            tool: "tjbench -rgbx"
        )
        ReferenceTools.report(
            "JPEG decode without the buffer's page faults",
            ours: decodeOnlyRate,
            reference: rate,
            unit: "MP/s",
            tool: "tjbench -rgbx"
        )
    }

    private static func megapixelsPerSecond(_ line: Substring) -> Double? {
        guard line.contains("Throughput:"), line.contains("Megapixels/sec") else { return nil }
        return line.split(separator: " ").compactMap { Double($0) }.first
    }

    // MARK: 256 px thumbnail vs Pillow and vipsthumbnail

    private static func jpegThumbnail(_ path: String, directory: URL) async throws {
        var request = ImageRequest(url: nil)
        request.thumbnail = ThumbnailOptions(maxPixelSize: 256)
        let ours = try await measure("NukeJPEG: 12 MP file → 256 px JPEG thumbnail", operations: 1, iterations: 15) {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            // As a pipeline with NukeProcessors gives it: the AVX2 resampling kernel, if any.
            var context = ImageDecodingContext(request: request, data: data)
            context.resamplingKernel = AVX2ResamplingKernel.whereAvailable
            let thumbnail = try JPEGDecoder(context: context).decode(data)
            _ = try JPEGEncoder().encode(thumbnail.image)
        }
        let oursMilliseconds = ours.microsecondsPerOperation / 1000

        let operation = """
            im = Image.open(sys.argv[1]); im.draft("RGB", (256, 256)); im.thumbnail((256, 256))
            im.save(io.BytesIO(), "JPEG", quality=80)
            """
        if let pillow = ReferenceTools.pillowMilliseconds(operation, runs: 15, argument: path) {
            ReferenceTools.report(
                "256 px thumbnail",
                ours: oursMilliseconds,
                reference: pillow,
                tool: "Pillow draft+thumbnail"
            )
        } else {
            print("  Pillow: not installed (pip install pillow)")
        }

        // vipsthumbnail on 20 copies in one process, so its start-up is shared.
        let copies = (0..<20).map { directory.appendingPathComponent("copy-\($0).jpg").path }
        for copy in copies where !FileManager.default.fileExists(atPath: copy) {
            try FileManager.default.copyItem(atPath: path, toPath: copy)
        }
        var vipsRuns: [Double] = []
        for _ in 0..<5 {
            let start = ContinuousClock.now
            guard ReferenceTools.text("vipsthumbnail", copies + ["-s", "256", "-o", "%s-thumb.jpg[Q=80]"]) != nil else {
                break
            }
            let elapsed = ContinuousClock.now - start
            vipsRuns.append(
                (Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15) / 20
            )
        }
        if vipsRuns.isEmpty {
            print("  vipsthumbnail: not installed (apt-get install libvips-tools)")
        } else {
            let vips = ReferenceTools.median(vipsRuns)
            ReferenceTools.report(
                "256 px thumbnail",
                ours: oursMilliseconds,
                reference: vips,
                tool: "vipsthumbnail (20 files per run)"
            )
        }
    }

    // MARK: PNG decode vs Pillow

    private static func pngDecode(_ path: String) async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        let ours = try await measure("NukePNG: decode 2000×1500 RGBA PNG", operations: 1, iterations: 15) {
            _ = try PNGDecoder(context: context).decode(data)
        }
        let operation = "im = Image.open(sys.argv[1]); im.load()"
        guard let pillow = ReferenceTools.pillowMilliseconds(operation, runs: 15, argument: path) else {
            print("  Pillow: not installed (pip install pillow)")
            return
        }
        let oursMilliseconds = ours.microsecondsPerOperation / 1000
        ReferenceTools.report("PNG decode", ours: oursMilliseconds, reference: pillow, tool: "Pillow open+load")
    }

    // MARK: Helpers

    /// Holds the reused bitmap across timed runs.
    private final class Storage {
        var bitmap: Bitmap?
    }

    static func makeInputs(in directory: URL) -> (jpeg: String, png: String)? {
        let ppm = directory.appendingPathComponent("photo.ppm").path
        let jpeg = directory.appendingPathComponent("photo-12mp.jpg").path
        let png = directory.appendingPathComponent("photo-rgba.png").path
        if !FileManager.default.fileExists(atPath: jpeg) {
            guard
                ReferenceTools.text(
                    "convert",
                    [
                        "-size", "4000x3000", "-seed", "3", "plasma:fractal", "-blur", "0x1", "-attenuate", "0.4",
                        "+noise", "Gaussian", "-depth", "8", ppm,
                    ]
                ) != nil,
                let encoded = ReferenceTools.run("cjpeg", ["-quality", "90", ppm])
            else { return nil }
            guard FileManager.default.createFile(atPath: jpeg, contents: encoded) else { return nil }
        }
        if !FileManager.default.fileExists(atPath: png) {
            guard
                ReferenceTools.text(
                    "convert",
                    [
                        jpeg, "-resize", "2000x1500", "(", "+clone", "-channel", "R", "-separate", ")", "-alpha", "off",
                        "-compose", "CopyOpacity", "-composite", "PNG32:" + png,
                    ]
                ) != nil
            else {
                return nil
            }
        }
        return (jpeg, png)
    }
}
