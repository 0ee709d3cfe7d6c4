// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeJPEG
import NukeProcessors
import NukeWebP

/// The two jobs of shrink-on-load, over the JPEGs of a folder, one file at a time, side by side
/// in one run (run through `Benchmarks/shrink`, which pins one core):
///
/// 1. Decode → `resize(width: 400)` → JPEG q80: this library with shrink-on-load and without
///    it, Pillow (full decode, `resize(LANCZOS, reducing_gap=3)`) and `vipsthumbnail -s 400x`;
///    beside them the floor, libjpeg-turbo's decoding alone (through `JPEGDecoder`, in this
///    process) at the scales shrink-on-load picks, and at 1/4, the scale `vipsthumbnail` decodes
///    these photos at: for a baseline file every scale still entropy-decodes every coefficient.
/// 2. Two sizes of each file requested at once: one shared decode against a decode for each.
/// 3. Thumbnails of progressive versions of the files (`jpegtran -progressive`), fit 256 px:
///    this library (decodes from the DC scans), `djpeg -scale 1/8` (decode only) and Pillow
///    (`draft` + `thumbnail`).
enum ShrinkOnLoadComparison {
    static func run(folder: String) async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            .filter { ["jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }
            .map { (folder as NSString).appendingPathComponent($0) }
        guard !files.isEmpty else {
            print("shrink: no JPEG files in \(folder)")
            return
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-shrink-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)

        print("Resize job (decode, resize to 400 px wide, JPEG q80) over \(files.count) files in \(folder)")
        let shrinking = try await medianMilliseconds { try await resizeAll(files, into: output, shrinkOnLoad: true) }
        let full = try await medianMilliseconds { try await resizeAll(files, into: output, shrinkOnLoad: false) }
        row("Nuke, shrink-on-load", shrinking)
        row("Nuke, full decode", full, String(format: "shrink-on-load is %.2f× the speed", full / shrinking))
        report("Pillow (full decode, reducing_gap=3)", pillowResize(files, into: output), ours: shrinking)
        report(
            "vipsthumbnail -s 400x",
            ReferenceTools.medianMilliseconds(
                running: "vipsthumbnail",
                files + ["-s", "400x", "-o", output.path + "/%s-vips.jpg[Q=80]"]
            ),
            ours: shrinking
        )
        row("decode alone, at the scales picked", try await medianMilliseconds { try decodeAll(files, width: 400) })
        // A resize to 300 px wide decodes every photo of 3640-5120 px at 1/4 (checked).
        row("decode alone, at 1/4", try await medianMilliseconds { try decodeAll(files, width: 300, scale: 4) })

        print("Two sizes of each image at once (200 and 400 px wide), decoded for both or for each")
        let shared = try await medianMilliseconds { try await twoSizes(files, sharingDecodes: true) }
        let separate = try await medianMilliseconds { try await twoSizes(files, sharingDecodes: false) }
        row("one decode, at the larger size", shared)
        row("a decode for each size", separate, String(format: "sharing is %.2f× the speed", separate / shared))

        let progressive = output.appendingPathComponent("progressive")
        try FileManager.default.createDirectory(at: progressive, withIntermediateDirectories: true)
        var progressiveFiles: [String] = []
        for file in files {
            let target = progressive.appendingPathComponent((file as NSString).lastPathComponent).path
            guard let data = ReferenceTools.run("jpegtran", ["-progressive", "-copy", "all", file]) else {
                print(
                    "  (jpegtran not installed: apt-get install libjpeg-turbo-progs; skipping progressive thumbnails)"
                )
                return
            }
            try data.write(to: URL(fileURLWithPath: target))
            progressiveFiles.append(target)
        }
        print("Progressive JPEG thumbnails (fit 256 px) over the same files made progressive by jpegtran")
        let thumbnails = try await medianMilliseconds { try await thumbnailAll(progressiveFiles) }
        row("Nuke (DC scans only)", thumbnails)
        report("djpeg -scale 1/8 (decode only)", djpeg(progressiveFiles), ours: thumbnails)
        report("Pillow (draft + thumbnail)", pillowThumbnail(progressiveFiles), ours: thumbnails)
    }

    private static func report(_ tool: String, _ milliseconds: Double?, ours: Double) {
        guard let milliseconds else {
            print("  \(tool): not installed")
            return
        }
        row(tool, milliseconds, String(format: "Nuke is %.2f× the speed", milliseconds / ours))
    }

    /// Prints one aligned line: a label, a time and, for a comparison, what it shows.
    private static func row(_ label: String, _ milliseconds: Double, _ comparison: String = "") {
        let padded = label.padding(toLength: 38, withPad: " ", startingAt: 0)
        let time = String(format: "%9.1f ms", milliseconds)
        print("  \(padded) \(time)" + (comparison.isEmpty ? "" : "   → \(comparison)"))
    }

    private static func makePipeline(shrinkOnLoad: Bool) -> ImagePipeline {
        var registry = PluginRegistry()
        registry.install(JPEGPlugin())
        registry.install(WebPPlugin())
        return ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
            $0.httpCache = nil
            $0.isShrinkOnLoadEnabled = shrinkOnLoad
        }
    }

    private static func resizeAll(_ files: [String], into directory: URL, shrinkOnLoad: Bool) async throws {
        let pipeline = makePipeline(shrinkOnLoad: shrinkOnLoad)
        let encoder = JPEGEncoder(quality: 0.8)
        for file in files {
            let request = ImageRequest(
                url: URL(fileURLWithPath: file),
                processors: [ImageProcessors.Resize(width: 400, unit: .pixels)]
            )
            let image = try await pipeline.image(for: request)
            let name = (file as NSString).lastPathComponent + "-nuke.jpg"
            try encoder.encode(image).write(to: directory.appendingPathComponent(name))
        }
    }

    /// Decodes every file as shrink-on-load does for a resize to `width`, and nothing else;
    /// with `scale`, checks that the decode was 1/`scale` of the full width.
    private static func decodeAll(_ files: [String], width: Int, scale: Int? = nil) throws {
        let shrink = ShrinkOnLoad(downscalers: [ImageProcessors.Resize(width: CGFloat(width), unit: .pixels)])
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            var context = ImageDecodingContext(request: ImageRequest(url: URL(fileURLWithPath: file)), data: data)
            context.shrinkOnLoad = shrink
            let decoded = try JPEGDecoder(context: context).decode(data)
            if let scale, let full = decoded.originalPixelSize, decoded.image.width != (full.width + scale - 1) / scale
            {
                print(
                    "  (\((file as NSString).lastPathComponent) decoded \(decoded.image.width) px wide, not 1/\(scale))"
                )
            }
        }
    }

    /// Both sizes of every file requested together: from one pipeline (the decode is shared) or
    /// from two (each decodes for itself).
    private static func twoSizes(_ files: [String], sharingDecodes: Bool) async throws {
        let first = makePipeline(shrinkOnLoad: true)
        let second = sharingDecodes ? first : makePipeline(shrinkOnLoad: true)
        for file in files {
            let url = URL(fileURLWithPath: file)
            async let large = first.image(
                for: ImageRequest(url: url, processors: [ImageProcessors.Resize(width: 400, unit: .pixels)])
            )
            async let small = second.image(
                for: ImageRequest(url: url, processors: [ImageProcessors.Resize(width: 200, unit: .pixels)])
            )
            _ = try await (large, small)
        }
    }

    private static func thumbnailAll(_ files: [String]) async throws {
        let pipeline = makePipeline(shrinkOnLoad: true)
        for file in files {
            var request = ImageRequest(url: URL(fileURLWithPath: file))
            request.thumbnail = ThumbnailOptions(maxPixelSize: 256)
            _ = try await pipeline.image(for: request)
        }
    }

    /// Pillow in one process, timed inside Python; median of 5.
    private static func pillowResize(_ files: [String], into directory: URL) -> Double? {
        pillow(
            files,
            """
            im = Image.open(path).convert("RGB")
            im = im.resize((400, round(im.height * 400 / im.width)), Image.LANCZOS, reducing_gap=3)
            im.save(os.path.join(out, os.path.basename(path) + "-pillow.jpg"), "JPEG", quality=80)
            """,
            output: directory.path
        )
    }

    private static func pillowThumbnail(_ files: [String]) -> Double? {
        pillow(files, "im = Image.open(path); im.draft('RGB', (256, 256)); im.thumbnail((256, 256))", output: "")
    }

    private static func pillow(_ files: [String], _ body: String, output: String) -> Double? {
        let indented = body.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
        let script = """
            import os, sys, time
            from PIL import Image
            out, files = sys.argv[1], sys.argv[2:]
            def once():
                for path in files:
            \(indented)
            once()
            runs = []
            for _ in range(5):
                start = time.perf_counter(); once(); runs.append(time.perf_counter() - start)
            print(sorted(runs)[2] * 1000)
            """
        return ReferenceTools.text("python3", ["-c", script, output] + files).flatMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// `djpeg -scale 1/8` per file, output discarded: the sum of each file's median of 5
    /// (process starts included, as for any command-line tool).
    private static func djpeg(_ files: [String]) -> Double? {
        var total = 0.0
        for file in files {
            guard
                let time = ReferenceTools.medianMilliseconds(
                    running: "djpeg",
                    ["-scale", "1/8", "-outfile", "/dev/null", file]
                )
            else { return nil }
            total += time
        }
        return total
    }
}
