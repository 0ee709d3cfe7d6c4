// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

/// Hostile inputs through `nuke fetch` in a process of its own, so that its peak memory (`VmHWM`,
/// which the summary reports) is the load's alone: each ends in a typed error, and the peak grows
/// past a run that loads a small image by at most twice the configured budget.
@Suite struct PeakMemoryTests {
    /// The pixel limit of every run: 32 MP, a 128 MiB memory budget.
    static let maximumPixelCount = 1 << 25
    static let budget = maximumPixelCount * 4

    /// The peak memory a run's summary reports, in bytes.
    static func peakMemory(of outcome: CommandRunner.Outcome) -> Int? {
        guard let range = outcome.standardOutput.range(of: "peak memory ") else { return nil }
        let number = outcome.standardOutput[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        return Double(number).map { Int($0 * 1024 * 1024) }
    }

    /// Runs `nuke fetch input --format png` with the pixel limit and `extra` options.
    private func fetch(_ input: String, runner: CommandRunner, extra: [String]) async throws -> CommandRunner.Outcome {
        try await runner.run(
            ["fetch", input, "--format", "png", "--max-pixels", "\(Self.maximumPixelCount)"]
                + ["--output", runner.path("out"), "--cache-dir", runner.path("cache")] + extra
        )
    }

    /// The peak memory of a run that loads a small image the same way (`viaServer`: over HTTP).
    private func baseline(runner: CommandRunner, viaServer server: HTTPTestServer? = nil, extra: [String] = [])
        async throws -> Int
    {
        let image = try PNGEncoder().encode(HostileImages.noise(width: 64, height: 64))
        let input: String
        if let server {
            server.route("/small.png") { _ in .ok(image, contentType: "image/png") }
            input = server.url("/small.png").absoluteString
        } else {
            input = try write(image, as: "small.png", in: runner)
        }
        let outcome = try await fetch(input, runner: runner, extra: extra)
        #expect(outcome.status == 0, "stderr: \(outcome.standardError)")
        return try #require(Self.peakMemory(of: outcome), "no peak memory in: \(outcome.standardOutput)")
    }

    /// Expects `input` (with `processors`, if any) to fail with one error line containing
    /// `error`, its peak memory at most twice `budget` above the baseline's.
    private func expectRefused(
        _ input: String,
        runner: CommandRunner,
        viaServer server: HTTPTestServer? = nil,
        extra: [String] = [],
        processors: String? = nil,
        budget: Int = PeakMemoryTests.budget,
        error: String
    ) async throws {
        let baseline = try await baseline(runner: runner, viaServer: server, extra: extra)
        let outcome = try await fetch(
            input,
            runner: runner,
            extra: extra + (processors.map { ["--processors", $0] } ?? [])
        )
        BadInputTests.expectOneErrorLine(outcome, containing: error)
        let peak = try #require(Self.peakMemory(of: outcome), "no peak memory in: \(outcome.standardOutput)")
        #expect(
            peak - baseline <= 2 * budget,
            "peak \(peak >> 20) MiB (baseline \(baseline >> 20) MiB) for \(input), budget \(budget >> 20) MiB"
        )
    }

    /// Writes `data` into the run's directory and returns the path.
    private func write(_ data: Data, as name: String, in runner: CommandRunner) throws -> String {
        let path = runner.path(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("A baseline JPEG declaring 4096×4096 whose scan data reaches EOI early")
    func truncatedJPEG() async throws {
        let runner = try CommandRunner()
        let source = try JPEGEncoder(quality: 0.9).encode(HostileImages.noise(width: 64, height: 64))
        let scan = try #require(HostileImages.jpegScanOffsets(source).first)
        let huge = HostileImages.jpeg(source, declaringWidth: 4096, height: 4096)
        // Padded past the "a bit per block" size check: the decoder allocates its output, then
        // stops at the EOI marker inside the scan data.
        let bomb = HostileImages.jpeg(huge, cutAt: scan + 200, endsWithEOI: true) + Data(count: 1 << 20)
        try await expectRefused(try write(bomb, as: "eoi.jpg", in: runner), runner: runner, error: "truncated")
    }

    @Test("A progressive JPEG declaring 4096×4096 with only its first scan")
    func truncatedProgressiveJPEG() async throws {
        let runner = try CommandRunner()
        let source = try JPEGEncoder(quality: 0.9, isProgressive: true)
            .encode(HostileImages.noise(width: 64, height: 64))
        let scans = HostileImages.jpegScanOffsets(source)
        let huge = HostileImages.jpeg(source, declaringWidth: 4096, height: 4096)
        let bomb = HostileImages.jpeg(huge, cutAt: scans[1], endsWithEOI: true) + Data(count: 1 << 20)
        try await expectRefused(try write(bomb, as: "scan.jpg", in: runner), runner: runner, error: "truncated")
    }

    @Test("A PNG declaring 4096×4096 whose image data ends after one row, before a proper IEND")
    func truncatedPNG() async throws {
        let runner = try CommandRunner()
        let bomb = HostileImages.png(width: 4096, height: 4096, rowCount: 1)
        try await expectRefused(try write(bomb, as: "rows.png", in: runner), runner: runner, error: "truncated")
    }

    @Test("An animated WebP whose three canvases exceed the budget")
    func animatedWebPCanvas() async throws {
        let runner = try CommandRunner()
        let pixel = try WebPEncoder().encode(HostileImages.noise(width: 1, height: 1))
        let frame = AnimatedWebPWriter.Frame(webp: pixel, durationMilliseconds: 40, size: (1, 1))
        let bomb = try AnimatedWebPWriter.assemble([frame, frame], width: 4096, height: 4096)
        try await expectRefused(
            try write(bomb, as: "canvas.webp", in: runner),
            runner: runner,
            error: "over the budget"
        )
    }

    @Test("A GIF with more frames than the limit")
    func gifFrames() async throws {
        let runner = try CommandRunner()
        let bomb = HostileImages.gif(width: 2, height: 2, frameCount: 50_001)
        try await expectRefused(try write(bomb, as: "frames.gif", in: runner), runner: runner, error: "frames")
    }

    @Test("An upscale past the pixel limit from a processor spec")
    func processorUpscale() async throws {
        let runner = try CommandRunner()
        let image = try PNGEncoder().encode(HostileImages.noise(width: 4, height: 3))
        try await expectRefused(
            try write(image, as: "tiny.png", in: runner),
            runner: runner,
            processors: "resize(width:1000000,upscale:true)",
            error: "exceeds the limit"
        )
    }

    @Test("An endless body at loopback speed stops at --max-response-size (curl)")
    func endlessBodyCurl() async throws {
        try await expectEndlessBodyStops(loader: "curl", pacing: nil)
    }

    /// corelibs-foundation's `URLSession` has no back-pressure and cancels a task on a work queue
    /// that a loopback socket at full speed can keep busy for seconds, reading on meanwhile
    /// (Docs/Security.md); so this one is served at 64 MB/s, a fast real link.
    @Test("An endless body at 64 MB/s stops at --max-response-size (URLSession)")
    func endlessBodyURLSession() async throws {
        try await expectEndlessBodyStops(
            loader: "urlsession",
            pacing: HTTPTestResponse.Pacing(chunkSize: 65_536, delay: .milliseconds(1))
        )
    }

    private func expectEndlessBodyStops(loader: String, pacing: HTTPTestResponse.Pacing?) async throws {
        let runner = try CommandRunner()
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.route("/endless.jpg") { _ in HTTPTestResponse(body: .endless, pacing: pacing) }
        let limit = 64 << 20
        try await expectRefused(
            server.url("/endless.jpg").absoluteString,
            runner: runner,
            viaServer: server,
            extra: ["--loader", loader, "--max-response-size", "\(limit)"],
            budget: limit,
            error: "maximum"
        )
    }
}
