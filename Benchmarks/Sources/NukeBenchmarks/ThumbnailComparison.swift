// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeGIF
import NukeJPEG
import NukePNG
import NukeWebP

/// The thumbnail job (decode, resize to fit 256 px, encode JPEG at quality 80) over every image
/// of a folder, with this library, Pillow (draft + thumbnail) and `vipsthumbnail`, one file at a
/// time, printing each tool's total time and the ratios. Run through `Benchmarks/compare`.
enum ThumbnailComparison {
    static let extensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif"]

    static func run(folder: String) async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .map { (folder as NSString).appendingPathComponent($0) }
        guard !files.isEmpty else {
            print("compare: no JPEG, PNG, WebP or GIF files in \(folder)")
            return
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-compare-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        for tool in ["nuke", "pillow", "vips"] {
            try FileManager.default.createDirectory(
                at: output.appendingPathComponent(tool),
                withIntermediateDirectories: true
            )
        }
        print("Thumbnail job (fit 256 px, JPEG q80) over \(files.count) files in \(folder)")

        let ours = try await medianMilliseconds {
            try await thumbnailAll(files, into: output.appendingPathComponent("nuke"))
        }
        print(String(format: "  Nuke for Linux   %9.1f ms", ours))
        if let pillow = pillow(files, into: output.appendingPathComponent("pillow")) {
            print(String(format: "  Pillow           %9.1f ms   → Nuke is %.2f× the speed", pillow, pillow / ours))
        } else {
            print("  Pillow           not installed (pip install pillow)")
        }
        if let vips = vips(files, into: output.appendingPathComponent("vips")) {
            print(String(format: "  vipsthumbnail    %9.1f ms   → Nuke is %.2f× the speed", vips, vips / ours))
        } else {
            print("  vipsthumbnail    not installed (apt-get install libvips-tools)")
        }
    }

    private static func thumbnailAll(_ files: [String], into directory: URL) async throws {
        var registry = PluginRegistry()
        registry.install(JPEGPlugin())
        registry.install(PNGPlugin())
        registry.install(WebPPlugin())
        registry.install(GIFPlugin())
        let pipeline = ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
            $0.httpCache = nil
        }
        let encoder = JPEGEncoder(quality: 0.8)
        for file in files {
            var request = ImageRequest(url: URL(fileURLWithPath: file))
            request.thumbnail = ThumbnailOptions(maxPixelSize: 256)
            let image = try await pipeline.image(for: request)
            let name = (file as NSString).lastPathComponent + ".jpg"
            try encoder.encode(image).write(to: directory.appendingPathComponent(name))
        }
    }

    /// Pillow in one process, timed inside Python (interpreter start excluded); median of 5.
    private static func pillow(_ files: [String], into directory: URL) -> Double? {
        let script = """
            import os, sys, time
            from PIL import Image
            files, out = sys.argv[2:], sys.argv[1]
            def once():
                for path in files:
                    im = Image.open(path); im.draft("RGB", (256, 256)); im.thumbnail((256, 256))
                    im.convert("RGB").save(os.path.join(out, os.path.basename(path) + ".jpg"), "JPEG", quality=80)
            once()
            runs = []
            for _ in range(5):
                start = time.perf_counter(); once(); runs.append(time.perf_counter() - start)
            print(sorted(runs)[2] * 1000)
            """
        return ReferenceTools.text("python3", ["-c", script, directory.path] + files).flatMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// `vipsthumbnail` over every file in one process; median of 5 (process start included).
    private static func vips(_ files: [String], into directory: URL) -> Double? {
        let arguments = files + ["-s", "256", "-o", directory.path + "/%s.jpg[Q=80]"]
        return ReferenceTools.medianMilliseconds(running: "vipsthumbnail", arguments)
    }
}
