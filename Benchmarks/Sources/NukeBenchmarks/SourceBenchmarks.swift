// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeBMP
import NukeCore
import NukeJPEG2000
import NukePNG
import NukeSVG
import NukeTIFF

/// NukeTIFF, NukeBMP and NukeJPEG2000 beside Pillow on the same real photo in the same run: the
/// first JPEG of the wallpaper packages (`NUKE_PHOTOS`, as `formats`), saved by Pillow as TIFF
/// (uncompressed, LZW, Deflate), BMP (24-bit, 8-bit palette), a 256×256 icon of 32-bit bitmaps
/// and lossy JPEG 2000, each decoded
/// to RGBA by both (Pillow in-process: `open` + `convert('RGBA')`); and NukeSVG beside
/// `rsvg-convert` on the SVG wallpapers of `gnome-backgrounds`, each rendered at its own size and
/// written as PNG (rsvg-convert timed as a process, its start included).
enum SourceBenchmarks {
    /// A file Pillow writes: the name, the file's extension, and the Python that saves `image`
    /// (the photo as RGB) to `path`.
    static let files: [(name: String, extension: String, save: String)] = [
        ("TIFF uncompressed", "tif", "image.save(path, compression='raw')"),
        ("TIFF LZW", "tif", "image.save(path, compression='tiff_lzw')"),
        ("TIFF Deflate", "tif", "image.save(path, compression='tiff_adobe_deflate')"),
        ("BMP 24-bit", "bmp", "image.save(path)"),
        ("BMP 8-bit palette", "bmp", "image.quantize(256).save(path)"),
        ("ICO 256×256 bitmap", "ico", "image.resize((256, 256)).save(path, sizes=[(256, 256)], bitmap_format='bmp')"),
        ("JPEG 2000 lossy", "jp2", "image.save(path, quality_mode='rates', quality_layers=[20], irreversible=True)"),
    ]

    static func run() async throws {
        guard let photo = FormatBenchmarks.photos().first else {
            print("sources: skipped (no JPEGs; apt-get install ukui-wallpapers gnome-backgrounds, or set NUKE_PHOTOS)")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-sources-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var registry = PluginRegistry()
        registry.install(PNGPlugin())
        registry.install(TIFFPlugin())
        registry.install(BMPPlugin())
        registry.install(SVGPlugin())
        registry.install(JPEG2000Plugin())
        print("Source decoding beside Pillow; libtiff \(TIFFPlugin.libraryVersion); \(photo)")
        for (index, file) in files.enumerated() {
            let path = directory.appendingPathComponent("\(index).\(file.extension)").path
            let save = """
                import sys
                from PIL import Image
                image, path = Image.open(sys.argv[1]).convert('RGB'), sys.argv[2]
                \(file.save)
                """
            guard ReferenceTools.text("python3", ["-c", save, photo, path]) != nil,
                let data = FileManager.default.contents(atPath: path)
            else {
                print("sources: skipped (needs python3 with Pillow: pip install pillow)")
                return
            }
            let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data, registry: registry)
            guard let decoder = registry.decoder(for: context) else { continue }
            let image = try decoder.decode(data).image
            let ours = try await measure(
                "decode \(file.name), \(image.width)×\(image.height), to RGBA",
                operations: 1,
                iterations: 9
            ) {
                _ = try registry.decoder(for: context)?.decode(data)
            }
            if let pillow = ReferenceTools.pillowMilliseconds(
                "Image.open(sys.argv[1]).convert('RGBA')",
                runs: 9,
                argument: path
            ) {
                ReferenceTools.report(
                    file.name,
                    ours: ours.microsecondsPerOperation / 1000,
                    reference: pillow,
                    tool: "Pillow open + convert(RGBA)"
                )
            }
        }
        try await renderSVGs(registry: registry, into: directory)
    }

    /// The SVG wallpapers (at most three), rendered and written as PNG by us and by rsvg-convert.
    static func renderSVGs(registry: PluginRegistry, into directory: URL) async throws {
        let folder = "/usr/share/backgrounds/gnome"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".svg") }.sorted().prefix(3)
        guard !names.isEmpty else {
            print("  SVG: skipped (apt-get install gnome-backgrounds)")
            return
        }
        for name in names {
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data, registry: registry)
            let image = try SVGDecoder(context: context).decode(data).image
            let ours = try await measure(
                "render \(name), \(image.width)×\(image.height), and write PNG",
                operations: 1,
                iterations: 5
            ) {
                _ = try PNGEncoder().encode(try SVGDecoder(context: context).decode(data).image)
            }
            let output = directory.appendingPathComponent("rsvg.png").path
            if let reference = ReferenceTools.medianMilliseconds(running: "rsvg-convert", [path, "-o", output]) {
                ReferenceTools.report(
                    "SVG \(name)",
                    ours: ours.microsecondsPerOperation / 1000,
                    reference: reference,
                    tool: "rsvg-convert to PNG (a process)"
                )
            } else {
                print("  rsvg-convert: not installed (apt-get install librsvg2-bin)")
            }
        }
    }
}
