// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

/// `import Nuke` and a default pipeline load every format over HTTP, with processors by name.
@Suite struct UmbrellaEndToEndTests {
    static func picture(width: Int, height: Int, alpha: UInt8 = 255) throws -> Bitmap {
        try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: alpha == 255) { buffer in
            for index in stride(from: 0, to: buffer.count, by: 4) {
                let pixel = index / 4
                buffer[index] = UInt8((pixel % width) * 255 / max(1, width - 1))
                buffer[index + 1] = UInt8((pixel / width) * 255 / max(1, height - 1))
                buffer[index + 2] = 96
                buffer[index + 3] = alpha
            }
        }
    }

    static func animationFrames() throws -> [Bitmap] {
        try (0..<4).map { index in
            try Bitmap(width: 24, height: 16, pixelFormat: .rgba8, fill: [UInt8(index * 60), 200, 40, 255])
        }
    }

    static func files() throws -> [(path: String, type: AssetType, body: Data, width: Int, height: Int, frames: Int)] {
        let frames = try animationFrames()
        let gif = GIFWriter.encode(frames.map { GIFWriter.Frame(image: $0, delayCentiseconds: 5) })
        let webp = try AnimatedWebPWriter.assemble(
            frames.map {
                AnimatedWebPWriter.Frame(webp: try WebPEncoder(mode: .lossless).encode($0), durationMilliseconds: 50)
            },
            width: 24,
            height: 16
        )
        return [
            ("/a.jpg", .jpeg, try JPEGEncoder().encode(try picture(width: 64, height: 48)), 64, 48, 1),
            ("/b.png", .png, try PNGEncoder().encode(try picture(width: 32, height: 32, alpha: 128)), 32, 32, 1),
            ("/c.webp", .webp, try WebPEncoder().encode(try picture(width: 40, height: 20)), 40, 20, 1),
            ("/d.gif", .gif, gif, 24, 16, 4),
            ("/e.webp", .webp, webp, 24, 16, 4),
        ]
    }

    @Test("A default pipeline decodes JPEG, PNG, WebP, animated GIF and animated WebP over HTTP")
    func decodesEveryFormat() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let files = try Self.files()
        for file in files { server.serve(HTTPTestResource(body: file.body), at: file.path) }
        let pipeline = ImagePipeline {
            $0.imageCache = nil
            $0.httpCache = nil
        }
        for file in files {
            let response = try await pipeline.imageTask(with: ImageRequest(url: server.url(file.path))).response
            #expect(response.container.type == file.type, "\(file.path)")
            #expect(response.image.width == file.width && response.image.height == file.height, "\(file.path)")
            #expect(response.container.frameCount == file.frames, "\(file.path)")
        }
    }

    @Test("The animation writers' frames decode back to the pictures they were given")
    func animationWritersRoundTrip() async throws {
        let frames = try Self.animationFrames()
        let pipeline = ImagePipeline {
            $0.imageCache = nil
            $0.httpCache = nil
        }
        for file in try Self.files() where file.frames > 1 {
            let data = file.body
            let container = try await pipeline.imageTask(with: ImageRequest(id: file.path, data: { data })).response
                .container
            let animation = try #require(container.animation)
            for (index, expected) in frames.enumerated() {
                let decoded = try animation.frame(at: index)
                // The GIF's 3-3-2 palette is off by up to half a level: 255/3/2 for blue. Lossless
                // WebP is exact.
                let tolerance = file.type == .gif ? 43 : 0
                let difference = try #require(ReferenceImage.maximumDifference(decoded, expected))
                #expect(difference <= tolerance, "\(file.path) frame \(index): \(difference)")
            }
        }
    }

    @Test("Processor chains from text run in a default pipeline")
    func processorsFromText() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.serve(
            HTTPTestResource(body: try JPEGEncoder().encode(try Self.picture(width: 200, height: 100))),
            at: "/p.jpg"
        )
        let pipeline = ImagePipeline { $0.httpCache = nil }
        let processors = try pipeline.configuration.registry.processors(
            fromSpec: "resize(width:50)|circle|CISepiaTone(inputIntensity:0.5)"
        )
        let image = try await pipeline.image(for: ImageRequest(url: server.url("/p.jpg"), processors: processors))
        #expect(image.width == 25 && image.height == 25)  // resized to 50×25, then cut to a 25 px circle
        #expect(!image.isOpaque)
    }
}
