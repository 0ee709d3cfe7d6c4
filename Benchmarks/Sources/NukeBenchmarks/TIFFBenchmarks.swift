// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTIFF

/// NukeTIFF beside Pillow on the same real photo in the same run: the first JPEG of the wallpaper
/// packages (`NUKE_PHOTOS`, as `formats`), saved by Pillow as TIFF uncompressed, LZW and Deflate,
/// each decoded to RGBA by both (Pillow in-process: `open` + `convert('RGBA')`).
enum TIFFBenchmarks {
    static func run() async throws {
        guard let photo = FormatBenchmarks.photos().first else {
            print("TIFF: skipped (no JPEGs; apt-get install ukui-wallpapers gnome-backgrounds, or set NUKE_PHOTOS)")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-tiff-bench-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        print("libtiff \(TIFFPlugin.libraryVersion); \(photo)")
        for compression in ["raw", "tiff_lzw", "tiff_adobe_deflate"] {
            let path = directory.appendingPathComponent(compression + ".tif").path
            let save = """
                import sys
                from PIL import Image
                Image.open(sys.argv[1]).convert('RGB').save(sys.argv[2], compression=sys.argv[3])
                """
            guard ReferenceTools.text("python3", ["-c", save, photo, path, compression]) != nil,
                let data = FileManager.default.contents(atPath: path)
            else {
                print("TIFF: skipped (needs python3 with Pillow: pip install pillow)")
                return
            }
            let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
            let image = try TIFFDecoder(context: context).decode(data).image
            let ours = try await measure(
                "NukeTIFF: decode \(image.width)×\(image.height) TIFF (\(compression)) to RGBA",
                operations: 1,
                iterations: 9
            ) {
                _ = try TIFFDecoder(context: context).decode(data)
            }
            if let pillow = ReferenceTools.pillowMilliseconds(
                "Image.open(sys.argv[1]).convert('RGBA')",
                runs: 9,
                argument: path
            ) {
                ReferenceTools.report(
                    "TIFF decode (\(compression))",
                    ours: ours.microsecondsPerOperation / 1000,
                    reference: pillow,
                    tool: "Pillow open + convert(RGBA)"
                )
            }
        }
    }
}
