// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

@testable import NukeCLI

/// Every bad input ends with one clear line on stderr and a non-zero status, never a trace.
@Suite struct BadInputTests {
    /// One line on stderr, `nuke: …` with `text` in it, and the exit status the rule gives:
    /// 64 for a wrong command line, 1 for a failure at run time.
    static func expectOneErrorLine(
        _ outcome: CommandRunner.Outcome,
        containing text: String,
        status: NukeCLI.ExitStatus = .failure
    ) {
        #expect(outcome.status == status.rawValue, "stderr: \(outcome.standardError)")
        #expect(outcome.errorLines.count == 1, "stderr: \(outcome.standardError)")
        #expect(outcome.errorLines.first?.hasPrefix("nuke: ") == true, "stderr: \(outcome.standardError)")
        #expect(outcome.standardError.contains(text), "stderr: \(outcome.standardError)")
        #expect(!outcome.standardError.contains("Fatal error") && !outcome.standardError.contains("Stack dump"))
    }

    @Test("An unreachable host")
    func unreachableHost() async throws {
        let runner = try CommandRunner()
        let server = try HTTPTestServer()
        let port = server.port
        server.stop()  // Nothing listens there now: connections are refused.
        let url = "http://127.0.0.1:\(port)/a.jpg"
        let outcome = try await runner.run([
            "fetch", url, "--output", runner.path("out"), "--cache-dir", runner.path("c"),
        ])
        Self.expectOneErrorLine(outcome, containing: "cannot fetch \(url)")
    }

    @Test(
        "A bad URL is a usage error; a missing file a failure",
        arguments: [
            ("http://", NukeCLI.ExitStatus.usage), ("ht tp://x/a.jpg", .usage), ("ftp://example.com/a.jpg", .usage),
            ("/no/such/file.jpg", .failure),
        ]
    )
    func badURL(argument: String, status: NukeCLI.ExitStatus) async throws {
        let runner = try CommandRunner()
        let outcome = try await runner.run(["fetch", argument, "--output", runner.path("out")])
        Self.expectOneErrorLine(outcome, containing: argument, status: status)
    }

    @Test("An unsupported format")
    func unsupportedFormat() async throws {
        let runner = try CommandRunner()
        let input = runner.path("notes.txt")
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: input))
        let fetch = try await runner.run([
            "fetch", input, "--output", runner.path("out"), "--cache-dir", runner.path("c"),
        ])
        Self.expectOneErrorLine(fetch, containing: "No decoder registered")
        let info = try await runner.run(["info", input, "--cache-dir", runner.path("c")])
        Self.expectOneErrorLine(info, containing: "cannot read \(input)")
    }

    @Test("A bad processor spec", arguments: ["resize(width:", "nosuchprocessor", "resize(depth:3)"])
    func badProcessorSpec(spec: String) async throws {
        let runner = try CommandRunner()
        let input = runner.path("a.jpg")
        try FetchCommandTests.photo().write(to: URL(fileURLWithPath: input))
        let outcome = try await runner.run(["fetch", input, "--processors", spec, "--output", runner.path("out")])
        Self.expectOneErrorLine(outcome, containing: "bad --processors", status: .usage)
    }

    @Test("An unwritable output directory")
    func unwritableOutput() async throws {
        let runner = try CommandRunner()
        let input = runner.path("a.jpg")
        try FetchCommandTests.photo().write(to: URL(fileURLWithPath: input))
        // A directory below a regular file cannot be created, whoever runs the test.
        let output = input + "/out"
        let outcome = try await runner.run(["fetch", input, "--output", output])
        Self.expectOneErrorLine(outcome, containing: "cannot write to \(output): Not a directory")
    }

    @Test("A hostile server: a reset mid-body, a body shorter than its Content-Length")
    func hostileServer() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let body = try FetchCommandTests.photo(width: 400, height: 300)
        server.route("/reset.jpg") { _ in HTTPTestResponse(body: .bytes(body), fault: .resetAfter(bytes: 100)) }
        server.route("/short.jpg") { _ in HTTPTestResponse(body: .bytes(body), framing: .declaredLength(body.count * 2))
        }
        let runner = try CommandRunner()
        for path in ["/reset.jpg", "/short.jpg"] {
            let url = server.url(path).absoluteString
            let outcome = try await runner.run([
                "fetch", url, "--output", runner.path("out"), "--cache-dir", runner.path("c"),
            ])
            Self.expectOneErrorLine(outcome, containing: "cannot fetch \(url)")
        }
        // Nothing partial was cached: the cache directory holds no entry.
        let stats = try await runner.run(["cache", "stats", "--cache-dir", runner.path("c")])
        #expect(stats.standardOutput.contains("entries      0"))
    }

    @Test("Huge dimensions are refused before any pixel is allocated")
    func hugeDimensions() async throws {
        let runner = try CommandRunner()
        let frame = try Bitmap(width: 2, height: 2, pixelFormat: .rgba8, fill: [9, 9, 9, 255])
        var gif = [UInt8](GIFWriter.encode([GIFWriter.Frame(image: frame, delayCentiseconds: 10)]))
        // The logical screen (bytes 6–9) and the image descriptor claim 65535 × 65535 pixels.
        let descriptor = try #require(gif.firstIndex(of: 0x2C))
        for offset in [6, 8, descriptor + 5, descriptor + 7] {
            gif[offset] = 0xFF
            gif[offset + 1] = 0xFF
        }
        let input = runner.path("huge.gif")
        try Data(gif).write(to: URL(fileURLWithPath: input))
        let info = try await runner.run(["info", input, "--cache-dir", runner.path("c")])
        Self.expectOneErrorLine(info, containing: "cannot read \(input)")
        #expect(info.standardError.contains("65535"), "stderr: \(info.standardError)")
        let fetch = try await runner.run([
            "fetch", input, "--output", runner.path("out"), "--cache-dir", runner.path("c"),
        ])
        Self.expectOneErrorLine(fetch, containing: "cannot fetch \(input)")
    }

    @Test(
        "Bad limits are refused before anything runs",
        arguments: [
            ["--max-response-size", "12X"], ["--max-response-size", "0"], ["--max-response-size", "99999999999G"],
            ["--max-pixels", "0"], ["--max-pixels", "-5"],
        ]
    )
    func badLimits(option: [String]) async throws {
        let runner = try CommandRunner()
        let outcome = try await runner.run(["fetch", "a.jpg", "--output", runner.path("out")] + option)
        Self.expectOneErrorLine(outcome, containing: option[0], status: .usage)
    }

    @Test("Sizes take K, M and G suffixes")
    func byteSizes() {
        #expect(ByteSize(argument: "64M")?.bytes == 64 << 20)
        #expect(ByteSize(argument: "2k")?.bytes == 2048)
        #expect(ByteSize(argument: "1G")?.bytes == 1 << 30)
        #expect(ByteSize(argument: "500")?.bytes == 500)
        for bad in ["", "M", "-1", "1.5M", "12X", "99999999999G"] { #expect(ByteSize(argument: bad) == nil, "\(bad)") }
    }
}
