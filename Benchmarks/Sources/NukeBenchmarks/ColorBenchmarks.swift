// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeJPEG
import NukeLCMS

/// The cost of colour management on a 12 MP photo: converting it from Display P3 to sRGB with
/// NukeLCMS, against decoding the JPEG (the goal: under a tenth of it), and against Pillow's
/// ImageCms doing the same conversion on the same pixels.
enum ColorBenchmarks {
    static func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-codec-bench")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard let inputs = CodecBenchmarks.makeInputs(in: directory) else {
            print("color: skipped (needs ImageMagick's convert and libjpeg-turbo-progs' cjpeg)")
            return
        }
        let profilePath = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Tests/NukeLCMSTests/Fixtures/display-p3.icc").path
        let profile = try Data(contentsOf: URL(fileURLWithPath: profilePath))
        let data = try Data(contentsOf: URL(fileURLWithPath: inputs.jpeg))
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        let image = try JPEGDecoder(context: context).decode(data).image
        let manager = LCMSColorManager()
        _ = try manager.convertToSRGB(image, from: .icc(profile), intent: .perceptual)  // builds the transform
        let convert = try await measure(
            "NukeLCMS: 12 MP P3 → sRGB into a new bitmap",
            operations: 1,
            iterations: 9
        ) {
            _ = try manager.convertToSRGB(image, from: .icc(profile), intent: .perceptual)
        }
        // The decode alone, what the pipeline does (the decoded bitmap converted in its own
        // storage), and where the colour manager offers it (NukeLCMS's AVX-512 loop) the same file
        // with the profile embedded, each row converted as libjpeg produces it: side by side.
        var names = ["NukeJPEG: decode 12 MP JPEG to RGBA", "NukeJPEG + NukeLCMS: decode, then convert in place"]
        var bodies: [() async throws -> Void] = [
            { _ = try JPEGDecoder(context: context).decode(data) },
            {
                var decoded = try JPEGDecoder(context: context).decode(data).image
                _ = try manager.convertToSRGB(&decoded, from: .icc(profile), intent: .perceptual)
            },
        ]
        if manager.planarRowConversion(from: .icc(profile), intent: .perceptual) != nil {
            let tagged = Self.embeddingICCProfile(profile, in: data)
            var converting = ImageDecodingContext(request: ImageRequest(url: nil), data: tagged)
            converting.colorConversion = ColorConversion(manager: manager)
            names.append("NukeJPEG + NukeLCMS: decode, converting each row")
            bodies.append { _ = try JPEGDecoder(context: converting).decode(tagged) }
        }
        let timings = try await measureInterleaved(names, operations: 1, iterations: 15, bodies)
        let decode = timings[0]
        for (timing, how) in zip(timings.dropFirst(), ["converting in place", "converting as it decodes"]) {
            let added = timing.microsecondsAdded(to: decode)
            print(
                String(
                    format: "  → %@ adds %.1f ms: %.1f%% of the JPEG decode (goal: under 10%%)",
                    how,
                    added / 1000,
                    added / decode.microsecondsPerOperation * 100
                )
            )
        }
        // Each pixel loop alone, in place on one decoded copy (converting it again and again: the
        // same work whatever the pixels' values), so that which one `fastest` picks is visible.
        var pixels = image
        for loop in LCMSColorManager.PixelLoop.allCases {
            var configuration = LCMSColorManager.Configuration()
            configuration.pixelLoop = loop
            let pinned = LCMSColorManager(configuration: configuration)
            let alone = try await measure(
                "NukeLCMS: 12 MP P3 → sRGB in place, loop \(loop)",
                operations: 1,
                iterations: 9
            ) {
                _ = try pinned.convertToSRGB(&pixels, from: .icc(profile), intent: .perceptual)
            }
            if loop == .fastest {
                // The same share from the loop timed alone: steadier than a difference of two
                // noisy decode timings.
                let share = alone.microsecondsPerOperation / decode.microsecondsPerOperation * 100
                print(String(format: "  → the loop alone: %.0f%% of the JPEG decode (goal: under 10%%)", share))
            }
        }
        let operation = "ImageCms.applyTransform(im, transform)"
        let setup = """
            from PIL import ImageCms
            im = Image.open(sys.argv[1]).convert('RGBA')
            transform = ImageCms.buildTransform(ImageCms.ImageCmsProfile(sys.argv[1].replace('photo-12mp.jpg', 'p3.icc')), ImageCms.createProfile('sRGB'), 'RGBA', 'RGBA', renderingIntent=0)
            """
        try profile.write(to: directory.appendingPathComponent("p3.icc"))
        if let pillow = ReferenceTools.pillowMilliseconds(setup: setup, operation, runs: 5, argument: inputs.jpeg) {
            ReferenceTools.report(
                "12 MP Display P3 → sRGB",
                ours: convert.microsecondsPerOperation / 1000,
                reference: pillow,
                tool: "Pillow ImageCms.applyTransform"
            )
        }
    }

    /// `jpeg` with `profile` in an APP2 `ICC_PROFILE` segment after its SOI marker (one segment:
    /// the profile is under 64 KB).
    static func embeddingICCProfile(_ profile: Data, in jpeg: Data) -> Data {
        let payload = Data("ICC_PROFILE".utf8) + [0, 1, 1] + profile
        let length = payload.count + 2
        return jpeg.prefix(2) + [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
    }
}
