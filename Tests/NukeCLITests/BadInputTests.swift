import Foundation
import NukeTestSupport
import Testing

/// Every bad input ends with one clear line on stderr and a non-zero status, never a trace.
@Suite struct BadInputTests {
    static func expectOneErrorLine(_ outcome: CommandRunner.Outcome, containing text: String) {
        #expect(outcome.status != 0)
        #expect(outcome.errorLines.count == 1, "stderr: \(outcome.standardError)")
        #expect(outcome.errorLines.first?.hasPrefix("Error: ") == true, "stderr: \(outcome.standardError)")
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

    @Test("A bad URL", arguments: ["http://", "ht tp://x/a.jpg", "ftp://example.com/a.jpg", "/no/such/file.jpg"])
    func badURL(argument: String) async throws {
        let runner = try CommandRunner()
        let outcome = try await runner.run(["fetch", argument, "--output", runner.path("out")])
        Self.expectOneErrorLine(outcome, containing: argument)
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
        Self.expectOneErrorLine(outcome, containing: "bad --processors")
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
}
