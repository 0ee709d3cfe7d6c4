// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeHummingbird
import NukeTestSupport
import Testing

@Suite("nuke-server for operators: the health command, JSON logs, the metrics listener")
struct OperationsTests {
    @Test("nuke-server health: exit 0 and one line while /health answers 200; exit 1 once nothing listens")
    func healthCommand() async throws {
        let server = try await RunningServer(["--allow-unsigned", "--path-prefix", "/img"])
        // Where the server listens, from the environment as a unit's env file gives it; the rest of
        // the server's settings (here --allow-unsigned) is not needed.
        let environment = ["NUKE_SERVER_PORT": "\(server.port)", "NUKE_SERVER_PATH_PREFIX": "/img"]
        let healthy = try ChildProcess(
            RunningServer.executable,
            ["health"],
            environment: environment,
            in: server.directory
        )
        #expect(try await healthy.exitStatus() == 0)
        #expect(healthy.output == "ok: 127.0.0.1:\(server.port)\n")

        server.child.signal(SIGTERM)
        #expect(try await server.child.exitStatus() == 0)
        let down = try ChildProcess(
            RunningServer.executable,
            ["health"],
            environment: environment,
            in: server.directory
        )
        #expect(try await down.exitStatus() == 1)
        #expect(down.output.hasPrefix("unhealthy: 127.0.0.1:\(server.port)"))
        #expect(down.output.split(separator: "\n").count == 1)

        let wrong = try ChildProcess(
            RunningServer.executable,
            ["health", "--no-such-setting"],
            in: server.directory
        )
        #expect(try await wrong.exitStatus() == 64)
    }

    @Test(
        "--log-format json: one object a line; request lines with id, status, duration and source host; never the signature or a source's credentials"
    )
    func jsonLogs() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        origin.route("/photo.jpg") { _ in .ok(NukeServerExecutableTests.photo, contentType: "image/jpeg") }
        let server = try await RunningServer([
            "--key", "736563726574", "--salt", "68656c6c6f", "--allow-private-addresses", "--log-format", "json",
            "--log-level", "debug",
        ])
        let signer = URLSignature(keys: [try URLSignature.Key(hexKey: "736563726574", hexSalt: "68656c6c6f")])
        let found = signer.sign("/w:64/plain/" + origin.url("/photo.jpg").absoluteString)
        // Credentials in a source URL (percent-encoded `@`, as imgproxy's plain URLs need it): refused.
        let withPassword = origin.url("/missing.jpg").absoluteString
            .replacingOccurrences(of: "http://", with: "http://admin:hunter2%40")
        let missing = signer.sign("/w:64/plain/" + withPassword)
        let signatures = [found, missing].map { String($0.dropFirst().prefix { $0 != "/" }) }
        for (path, id, status) in [(found, "edge-42", "200"), (missing, nil, "403")] {
            let request = try server.startRequest(
                path,
                savingBodyTo: "out",
                headers: id.map { ["X-Request-ID: " + $0] } ?? [],
                writeOut: "%{http_code} %header{x-request-id}"
            )
            #expect(try await request.exitStatus() == 0)
            #expect(request.output.hasPrefix(status + " "))
            if let id { #expect(request.output == "\(status) \(id)") }
        }
        server.child.signal(SIGTERM)
        #expect(try await server.child.exitStatus() == 0)

        let log = server.child.errors
        let objects = try log.split(separator: "\n").map { line in
            try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                "not a JSON object: \(line)"
            )
        }
        for object in objects {
            #expect(object["time"] is String && object["level"] is String && object["message"] is String)
        }
        let requests = objects.filter { ($0["message"] as? String)?.hasPrefix("GET ") == true }
        try #require(requests.count == 2, "\(log)")
        #expect(requests[0]["request_id"] as? String == "edge-42")
        #expect(requests[0]["status"] as? Int == 200 && requests[1]["status"] as? Int == 403)
        #expect(requests[0]["duration_ms"] is Double && requests[0]["bytes"] is Int)
        #expect(requests.allSatisfy { $0["source_host"] as? String == "127.0.0.1" })
        #expect((requests[1]["request_id"] as? String)?.isEmpty == false)
        #expect(requests[1]["path"] as? String == "/-/w:64/plain/" + origin.url("/missing.jpg").absoluteString)
        for secret in signatures + ["hunter2", "admin"] {
            #expect(!log.contains(secret), "\(secret) logged")
        }
    }

    @Test("--metrics-bind at the image address serves /metrics beside the images; without it, none")
    func metricsOnTheImagePort() async throws {
        // A port probed and closed can be taken before the server binds it: another one then.
        var attempt = 0
        var started: RunningServer?
        while started == nil {
            attempt += 1
            let port = try unusedLoopbackPort()
            do {
                started = try await RunningServer(
                    ["--allow-unsigned", "--metrics-bind", "127.0.0.1:\(port)"],
                    port: port
                )
            } catch {
                guard attempt < 3 else { throw error }
            }
        }
        let beside = try #require(started)
        #expect(beside.metricsPort == nil)
        let metrics = try beside.startRequest("/metrics", savingBodyTo: "metrics.txt")
        #expect(try await metrics.exitStatus() == 0)
        #expect(metrics.output == "200")
        #expect(try String(contentsOf: beside.directory.appending("metrics.txt"), encoding: .utf8).contains("# TYPE"))

        let without = try await RunningServer(["--allow-unsigned"])
        let none = try without.startRequest("/metrics", savingBodyTo: "metrics.txt")
        #expect(try await none.exitStatus() == 0)
        #expect(none.output == "400", "an image path that does not parse")
    }

    @Test(
        "--version is the library's version; --environment-template comments out every setting and reads back as defaults"
    )
    func versionAndTemplate() async throws {
        let directory = try TemporaryDirectory(prefix: "nuke-server-template")
        let version = try ChildProcess(RunningServer.executable, ["--version"], in: directory)
        #expect(try await version.exitStatus() == 0)
        #expect(version.output == "nuke-server \(NukeForLinux.version) (Nuke for Linux)\n")

        let template = try ChildProcess(RunningServer.executable, ["--environment-template"], in: directory)
        #expect(try await template.exitStatus() == 0)
        let lines = template.output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("#") })
        for variable in [
            "NUKE_SERVER_BIND=127.0.0.1", "NUKE_SERVER_KEY=", "NUKE_SERVER_METRICS_BIND=", "NUKE_SERVER_PORT=8080",
        ] {
            #expect(lines.contains { $0 == "#" + variable }, "\(variable)")
        }
        #expect(lines.filter { $0.hasPrefix("#NUKE_SERVER_") }.count >= 60)
        let file = directory.appending("nuke-server.env")
        try Data((template.output + "NUKE_SERVER_ALLOW_UNSIGNED=1\n").utf8).write(to: file)
        let report = try ChildProcess(
            RunningServer.executable,
            ["--print-settings", "--environment-file", file.path],
            in: directory
        )
        #expect(try await report.exitStatus() == 0, "\(report.errors)")
        let fromFile = report.output.split(separator: "\n").filter { $0.contains(" in \(file.path))") }
        #expect(fromFile == ["allow-unsigned: on (NUKE_SERVER_ALLOW_UNSIGNED in \(file.path))"])
    }
}
