// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

@Suite struct FetchCommandTests {
    static func photo(width: Int = 120, height: Int = 80) throws -> Data {
        try JPEGEncoder(quality: 0.9).encode(
            Bitmap(width: width, height: height, pixelFormat: .rgba8, fill: [200, 90, 40, 255])
        )
    }

    static func logo() throws -> Data {
        try PNGEncoder().encode(Bitmap(width: 40, height: 30, pixelFormat: .rgba8, fill: [20, 90, 240, 128]))
    }

    /// A server with a JPEG and a PNG, cacheable for an hour.
    static func makeServer() throws -> HTTPTestServer {
        let server = try HTTPTestServer()
        let headers: HTTPHeaderFields = ["Cache-Control": "max-age=3600"]
        server.serve(HTTPTestResource(body: try photo(), etag: "\"p\"", headers: headers), at: "/photo.jpg")
        server.serve(
            HTTPTestResource(body: try logo(), contentType: "image/png", etag: "\"l\"", headers: headers),
            at: "/logo.png"
        )
        return server
    }

    static func decode(_ path: String) async throws -> ImageContainer {
        let pipeline = ImagePipeline { $0.imageCache = nil }
        return try await pipeline.imageTask(with: ImageRequest(url: URL(fileURLWithPath: path))).response.container
    }

    @Test("Fetches over HTTP, shares one download between equal URLs, and writes each result")
    func fetchesAndWrites() async throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let runner = try CommandRunner()
        let photo = server.url("/photo.jpg").absoluteString
        let outcome = try await runner.run([
            "fetch", photo, photo, server.url("/logo.png").absoluteString,
            "--output", runner.path("out"), "--cache-dir", runner.path("cache"),
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty)
        #expect(server.requests(to: "/photo.jpg").count == 1)
        #expect(outcome.standardOutput.contains("Saved 3 of 3"))
        #expect(outcome.standardOutput.contains("2 downloads"))
        #expect(outcome.standardOutput.contains("1 coalesced"))

        let first = try await Self.decode(runner.path("out/photo.jpg"))
        let second = try await Self.decode(runner.path("out/photo-2.jpg"))
        let logo = try await Self.decode(runner.path("out/logo.png"))
        #expect(first.type == .jpeg && first.image.width == 120 && first.image.height == 80)
        #expect(second.image.width == 120)
        #expect(logo.type == .png && !logo.image.isOpaque)
    }

    @Test("With nothing to change, files are written as downloaded: an animated GIF stays an animated GIF")
    func writesOriginalBytes() async throws {
        let frames = try (0..<3).map { index in
            GIFWriter.Frame(
                image: try Bitmap(width: 8, height: 6, pixelFormat: .rgba8, fill: [UInt8(index * 100), 0, 0, 255]),
                delayCentiseconds: 10
            )
        }
        let gif = GIFWriter.encode(frames)
        let photo = try Self.photo()
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.serve(HTTPTestResource(body: gif, contentType: "image/gif"), at: "/spin.gif")
        server.serve(HTTPTestResource(body: photo), at: "/photo.jpg")
        let runner = try CommandRunner()
        let outcome = try await runner.run([
            "fetch", server.url("/spin.gif").absoluteString, server.url("/photo.jpg").absoluteString,
            "--output", runner.path("out"), "--cache-dir", runner.path("cache"),
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.path("out/spin.gif"))) == gif)
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.path("out/photo.jpg"))) == photo)
        #expect(outcome.standardOutput.contains("(gif, 8×6, 3 frames, "))
        #expect(outcome.standardOutput.contains("as downloaded)"))

        // Asking for another format re-encodes (animations keep their first frame).
        let converted = try await runner.run([
            "fetch", server.url("/spin.gif").absoluteString, "--format", "png", "--output", runner.path("png"),
            "--cache-dir", runner.path("cache"),
        ])
        #expect(converted.status == 0, "\(converted.standardError)")
        let first = try await Self.decode(runner.path("png/spin.png"))
        #expect(first.type == .png && first.frameCount == 1 && first.image.width == 8)
    }

    @Test("A processed animated GIF stays animated as WebP, GIF or AVIF; --first-frame writes a still")
    func processedAnimations() async throws {
        let frames = try (0..<4).map { index in
            GIFWriter.Frame(
                image: try Bitmap(width: 40, height: 20, pixelFormat: .rgba8, fill: [UInt8(index * 60), 0, 200, 255]),
                delayCentiseconds: 10 * (index + 1)
            )
        }
        let runner = try CommandRunner()
        let input = runner.path("spin.gif")
        try GIFWriter.encode(frames, repetitionCount: 2).write(to: URL(fileURLWithPath: input))
        let animated = try await runner.run([
            "fetch", input, "--processors", "resize(width:20)", "--quality", "100", "--output", runner.path("out"),
        ])
        #expect(animated.status == 0, "\(animated.standardError)")
        #expect(animated.standardOutput.contains("(gif → webp, 20×10, 4 frames"), "\(animated.standardOutput)")
        let webp = try await Self.decode(runner.path("out/spin.webp"))
        let animation = try #require(webp.animation)
        #expect(animation.width == 20 && animation.height == 10 && animation.frameCount == 4)
        #expect(animation.frameDurations == [0.1, 0.2, 0.3, 0.4] && animation.loopCount == 3)
        for index in 0..<4 {
            let red = try animation.frame(at: index).pixel(x: 10, y: 5)[0]
            #expect(abs(Int(red) - index * 60) <= 16, "frame \(index): red \(red)")  // lossy, 4:2:0
        }
        let gif = try await runner.run([
            "fetch", input, "--processors", "resize(width:20)", "--format", "gif", "--output", runner.path("gif"),
        ])
        #expect(gif.status == 0, "\(gif.standardError)")
        let resizedGIF = try #require(try await Self.decode(runner.path("gif/spin.gif")).animation)
        #expect(resizedGIF.width == 20 && resizedGIF.frameCount == 4 && resizedGIF.loopCount == 3)
        #expect(resizedGIF.frameDurations == [0.1, 0.2, 0.3, 0.4])
        let avif = try await runner.run([
            "fetch", input, "--processors", "resize(width:20)", "--format", "avif", "--output", runner.path("avif"),
        ])
        #expect(avif.status == 0, "\(avif.standardError)")
        let sequence = try #require(try await Self.decode(runner.path("avif/spin.avif")).animation)
        #expect(sequence.width == 20 && sequence.frameCount == 4 && sequence.frameDurations == [0.1, 0.2, 0.3, 0.4])
        let still = try await runner.run([
            "fetch", input, "--processors", "resize(width:20)", "--first-frame", "--output", runner.path("still"),
        ])
        #expect(still.status == 0, "\(still.standardError)")
        let png = try await Self.decode(runner.path("still/spin.png"))
        #expect(png.type == .png && png.frameCount == 1 && png.image.width == 20)
        // Asked for as-is with --first-frame, the GIF is re-encoded as a still too.
        let first = try await runner.run([
            "fetch", input, "--first-frame", "--format", "webp", "--output", runner.path("f"),
        ])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try await Self.decode(runner.path("f/spin.webp")).frameCount == 1)
    }

    @Test("A second run is answered by the HTTP cache in --cache-dir, without the network")
    func secondRunUsesHTTPCache() async throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let runner = try CommandRunner()
        let arguments = [
            "fetch", server.url("/photo.jpg").absoluteString, "--output", runner.path("out"),
            "--cache-dir", runner.path("cache"),
        ]
        let cold = try await runner.run(arguments)
        let warm = try await runner.run(arguments + ["--overwrite"])
        #expect(cold.status == 0 && warm.status == 0, "\(cold.standardError)\(warm.standardError)")
        #expect(server.requests(to: "/photo.jpg").count == 1)
        #expect(warm.standardOutput.contains("0 downloads"))
        #expect(warm.standardOutput.contains("HTTP 1"))
    }

    @Test("Processors, a thumbnail size, a format and a quality shape the output", arguments: ["curl", "urlsession"])
    func processesAndConverts(loader: String) async throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let runner = try CommandRunner()
        let outcome = try await runner.run([
            "fetch", server.url("/photo.jpg").absoluteString, "--processors", "resize(width:60)|CISepiaTone",
            "--format", "webp", "--quality", "50", "--output", runner.path("out"), "--cache-dir", runner.path("cache"),
            "--loader", loader, "--concurrency", "2",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let result = try await Self.decode(runner.path("out/photo.webp"))
        #expect(result.type == .webp)
        #expect(result.image.width == 60 && result.image.height == 40)
    }

    @Test(
        "--format avif, jxl, heic, tiff, bmp and ico write those formats, read back",
        arguments: ["avif", "jxl", "heic", "tiff", "bmp", "ico"]
    )
    func modernFormats(format: String) async throws {
        let runner = try CommandRunner()
        let input = runner.path("wide.jpg")
        try Self.photo(width: 120, height: 80).write(to: URL(fileURLWithPath: input))
        let outcome = try await runner.run([
            "fetch", input, "--size", "60x60", "--format", format, "--output", runner.path("out"),
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let result = try await Self.decode(runner.path("out/wide.\(format)"))
        #expect(result.type == AssetType(rawValue: format))
        #expect(result.image.width == 60 && result.image.height == 40)
        let back = try await runner.run([
            "fetch", runner.path("out/wide.\(format)"), "--format", "png", "--output", runner.path("png"),
        ])
        #expect(back.status == 0, "\(back.standardError)")
        #expect(try await Self.decode(runner.path("png/wide.png")).image.width == 60)
    }

    @Test("A local path with --thumbnail decodes to at most that many pixels")
    func localPathThumbnail() async throws {
        let runner = try CommandRunner()
        let input = runner.path("big.jpg")
        try Self.photo(width: 400, height: 200).write(to: URL(fileURLWithPath: input))
        let outcome = try await runner.run([
            "fetch", input, "--thumbnail", "100", "--format", "png", "--output", runner.path("out"),
            "--cache-dir", runner.path("cache"),
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let result = try await Self.decode(runner.path("out/big.png"))
        #expect(max(result.image.width, result.image.height) == 100)
    }

    @Test("Prints plain lines, not a progress bar, when stderr is not a terminal")
    func plainLinesWithoutTerminal() async throws {
        let runner = try CommandRunner()
        let input = runner.path("a.jpg")
        try Self.photo().write(to: URL(fileURLWithPath: input))
        let outcome = try await runner.run([
            "fetch", input, "--output", runner.path("out"), "--cache-dir", runner.path("c"),
        ])
        #expect(outcome.status == 0)
        #expect(!outcome.standardError.contains("\r"))
        #expect(outcome.standardOutput.contains("a.jpg → "))
    }
}

@Suite struct ProgressBarTests {
    @Test(
        "On a terminal, fetch draws a progress bar with percentage, rate and time left, and clears it before the summary"
    )
    func progressBarOnTerminal() async throws {
        let server = try FetchCommandTests.makeServer()
        defer { server.stop() }
        let runner = try CommandRunner()
        // `script` runs the command on a pseudo-terminal, as a person at a terminal would.
        let command = [
            CommandRunner.executable.path, "fetch", server.url("/photo.jpg").absoluteString,
            server.url("/logo.png").absoluteString, "--output", runner.path("out"), "--cache-dir", runner.path("c"),
        ].joined(separator: " ")
        let outcome = try await runner.run(
            ["-q", "-e", "-c", command, "/dev/null"],
            executable: URL(fileURLWithPath: "/usr/bin/script")
        )
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("\r["))
        #expect(outcome.standardOutput.contains("100%  2/2 files  "), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("/s  "), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains(" left"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("\r\u{1B}[K"))
        #expect(outcome.standardOutput.contains("Saved 2 of 2"))
    }

    @Test("'--output -' refuses to write image data to a terminal, as curl does")
    func noImageOnTerminal() async throws {
        let runner = try CommandRunner()
        let input = runner.path("a.jpg")
        try FetchCommandTests.photo().write(to: URL(fileURLWithPath: input))
        let command = [CommandRunner.executable.path, "fetch", input, "--output", "-"].joined(separator: " ")
        let outcome = try await runner.run(
            ["-q", "-e", "-c", command, "/dev/null"],
            executable: URL(fileURLWithPath: "/usr/bin/script")
        )
        #expect(outcome.status == 64, "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("nuke: '--output -' would write image data to the terminal"))
        #expect(!outcome.standardOutput.contains("JFIF"))
    }
}
