// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

/// The README's code, run against a loopback server instead of example.com, so it stays true.
@Suite struct ReadmeExamplesTests {
    /// README, "Writing a processor".
    struct Grayscale: ImageProcessing {
        var identifier: String { "com.example.grayscale" }

        func process(_ image: Bitmap) -> Bitmap? {
            guard image.pixelFormat == .rgba8 else { return image }
            var output = image
            output.withUnsafeMutableBytes { pixels in
                for offset in stride(from: 0, to: pixels.count, by: 4) {
                    let luma =
                        0.2126 * Double(pixels[offset]) + 0.7152 * Double(pixels[offset + 1])
                        + 0.0722 * Double(pixels[offset + 2])
                    pixels[offset] = UInt8(luma)
                    pixels[offset + 1] = UInt8(luma)
                    pixels[offset + 2] = UInt8(luma)
                }
            }
            return output
        }
    }

    @Test("Quick start: a configured pipeline, processors by value, previews, an encoded result")
    func quickStart() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let png = try PNGEncoder().encode(
            try Bitmap(width: 320, height: 200, pixelFormat: .rgba8, fill: [255, 0, 0, 255])
        )
        server.serve(HTTPTestResource(body: png, contentType: "image/png"), at: "/avatar.png")
        let directory = try TemporaryDirectory()

        let pipeline = ImagePipeline {
            $0.dataCache = try? DataCache(path: directory.url)
            $0.isProgressiveDecodingEnabled = true
            $0.httpCache = nil
        }
        let request = ImageRequest(
            url: server.url("/avatar.png"),
            processors: [.resize(width: 160), .circle()],
            priority: .high
        )
        let task = pipeline.imageTask(with: request)
        for await _ in task.previews {}
        let avatar = try await task.image
        #expect(avatar.width == 100 && avatar.height == 100)  // 160×100, cut to a circle
        let jpeg = try JPEGEncoder(quality: 0.8).encode(avatar)
        #expect(AssetType(jpeg) == .jpeg)
    }

    @Test("Writing a processor: a custom processor runs after a built-in one")
    func customProcessor() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let png = try PNGEncoder().encode(
            try Bitmap(width: 640, height: 480, pixelFormat: .rgba8, fill: [255, 0, 0, 255])
        )
        server.serve(HTTPTestResource(body: png, contentType: "image/png"), at: "/red.png")
        let pipeline = ImagePipeline {
            $0.httpCache = nil
            $0.imageCache = nil
        }
        let request = ImageRequest(url: server.url("/red.png"), processors: [.resize(width: 320), Grayscale()])
        let image = try await pipeline.image(for: request)
        #expect(image.width == 320)
        #expect(image.pixel(x: 10, y: 10) == [54, 54, 54, 255])  // 0.2126 × 255
    }

    @Test("Picking plugins: a registry with only JPEG, PNG and curl")
    func pickingPlugins() {
        var registry = PluginRegistry()
        registry.install(JPEGPlugin())
        registry.install(PNGPlugin())
        registry.install(CurlPlugin())
        let pipeline = ImagePipeline(configuration: .init(registry: registry))
        #expect(pipeline.configuration.registry.installedPlugins == ["nuke.jpeg", "nuke.png", "nuke.curl"])
        #expect(pipeline.configuration.registry.keys(Capabilities.Decoding.self) == [.jpeg, .png])
    }
}
