// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

@Suite struct InfoAndCacheCommandTests {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    /// The value printed after `label` in `info`'s output.
    static func field(_ label: String, in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(label + " ") }
            .map { $0.dropFirst(label.count).trimmingCharacters(in: .whitespaces) }
    }

    @Test("info describes a JPEG with an EXIF orientation")
    func infoOnOrientedJPEG() async throws {
        let runner = try CommandRunner()
        let outcome = try await runner.run([
            "info", Self.fixtures.appendingPathComponent("orientation-6.jpg").path, "--cache-dir", runner.path("c"),
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(Self.field("format", in: outcome.standardOutput) == "jpeg")
        #expect(Self.field("size", in: outcome.standardOutput) == "64×96 pixels")  // stored 96×64, turned upright
        #expect(Self.field("orientation", in: outcome.standardOutput) == "6 (right, applied)")
        #expect(Self.field("frames", in: outcome.standardOutput) == "1")
        #expect(Self.field("colour", in: outcome.standardOutput) == "no profile (sRGB)")
    }

    @Test("info reports an embedded ICC profile (a CMYK one too) and AVIF's colour code points")
    func infoOnColourProfiles() async throws {
        let runner = try CommandRunner()
        let jpeg = try await runner.run([
            "info", Self.fixtures.appendingPathComponent("display-p3.jpg").path, "--cache-dir", runner.path("c"),
        ])
        #expect(jpeg.status == 0, "\(jpeg.standardError)")
        #expect(Self.field("colour", in: jpeg.standardOutput) == "Display P3 (ICC, 580 bytes)")
        // A CMYK JPEG's CMYK profile, its pixels decoded to RGB.
        let cmyk = try await runner.run([
            "info", Self.fixtures.appendingPathComponent("cmyk-icc.jpg").path, "--cache-dir", runner.path("c"),
        ])
        #expect(cmyk.status == 0, "\(cmyk.standardError)")
        #expect(Self.field("colour", in: cmyk.standardOutput) == "Nuke test CMYK, decoded to RGB (ICC, 20824 bytes)")
        let avif = try await runner.run([
            "info", Self.fixtures.appendingPathComponent("display-p3-cicp.avif").path, "--json",
            "--cache-dir", runner.path("c"),
        ])
        #expect(avif.status == 0, "\(avif.standardError)")
        #expect(
            avif.standardOutput.contains("\"colorProfile\" : \"CICP 12/13: Display P3, sRGB curve\""),
            "\(avif.standardOutput)"
        )
    }

    @Test("info lists an animated GIF's frames and durations, over HTTP")
    func infoOnAnimatedGIF() async throws {
        let frames = try (0..<3).map { index in
            GIFWriter.Frame(
                image: try Bitmap(width: 8, height: 6, pixelFormat: .rgba8, fill: [UInt8(index * 100), 0, 0, 255]),
                delayCentiseconds: 10 * (index + 1)
            )
        }
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.serve(
            HTTPTestResource(body: GIFWriter.encode(frames, repetitionCount: 2), contentType: "image/gif"),
            at: "/a.gif"
        )
        let runner = try CommandRunner()
        let outcome = try await runner.run([
            "info", server.url("/a.gif").absoluteString, "--cache-dir", runner.path("c"),
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(Self.field("format", in: outcome.standardOutput) == "gif")
        #expect(Self.field("size", in: outcome.standardOutput) == "8×6 pixels")
        #expect(Self.field("frames", in: outcome.standardOutput) == "3, 0.60 s in all, plays 3 times")
        #expect(Self.field("durations", in: outcome.standardOutput) == "0.10 0.20 0.30 s")
    }

    @Test("cache path, stats and clear work on the directory fetch filled")
    func cacheCommands() async throws {
        let server = try FetchCommandTests.makeServer()
        defer { server.stop() }
        let runner = try CommandRunner()
        let cache = runner.path("cache")
        let fetch = try await runner.run([
            "fetch", server.url("/photo.jpg").absoluteString, server.url("/logo.png").absoluteString,
            "--output", runner.path("out"), "--cache-dir", cache,
        ])
        #expect(fetch.status == 0, "\(fetch.standardError)")

        let path = try await runner.run(["cache", "path", "--cache-dir", cache])
        #expect(path.standardOutput == cache + "\n")
        let stats = try await runner.run(["cache", "stats", "--cache-dir", cache])
        #expect(InfoAndCacheCommandTests.field("entries", in: stats.standardOutput) == "2")
        let clear = try await runner.run(["cache", "clear", "--cache-dir", cache])
        #expect(clear.status == 0 && clear.standardOutput.contains("Removed 2 entries"))
        let after = try await runner.run(["cache", "stats", "--cache-dir", cache])
        #expect(InfoAndCacheCommandTests.field("entries", in: after.standardOutput) == "0")
    }

    @Test("nuke --version prints the version CHANGELOG.md's newest entry names")
    func versionMatchesChangelog() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }.map { $0.dropFirst(3) }
        let outcome = try await CommandRunner().run(["--version"])
        let printed = outcome.standardOutput.split(separator: "\n").first?.split(separator: " ").dropFirst().first
        #expect(newest != nil && printed.map(String.init) == newest.map(String.init), "\(outcome.standardOutput)")
    }

    @Test("cache path defaults to the command's own folder under XDG_CACHE_HOME, shared with no other program")
    func defaultCachePath() async throws {
        let runner = try CommandRunner()
        let outcome = try await runner.run(["cache", "path"])
        #expect(outcome.standardOutput == runner.path("xdg-cache") + "/nuke/http-cache\n")
    }
}
