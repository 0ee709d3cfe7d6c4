// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport

/// `nuke-server`, built beside the tests, started on a free loopback port with a scratch cache
/// directory; killed when the test lets go of it, whatever happened.
final class RunningServer: Sendable {
    let child: ChildProcess
    let port: Int
    /// The port of the metrics listener, when `--metrics-bind` gave one of its own.
    let metricsPort: Int?
    let directory: TemporaryDirectory

    /// The executable.
    static var executable: URL { executableBesideTests(named: "nuke-server") }

    /// Starts the server with `arguments` after `--port <port> --cache-directory <scratch>` (in
    /// `cgroup` from its first instruction, when given) and waits until it says which port it
    /// listens on.
    init(
        _ arguments: [String],
        environment: [String: String] = [:],
        in cgroup: MemoryCgroup? = nil,
        port: UInt16 = 0
    ) async throws {
        directory = try TemporaryDirectory(prefix: "nuke-server-tests")
        let arguments = ["--port", "\(port)", "--cache-directory", directory.appending("cache").path] + arguments
        let child: ChildProcess
        if let cgroup {
            // The shell joins the group, then becomes the server: same process, same id.
            let script = "echo $$ > '\(cgroup.processesFile)' && exec \"$0\" \"$@\""
            let shell = URL(fileURLWithPath: "/bin/sh")
            child = try ChildProcess(
                shell,
                ["-c", script, Self.executable.path] + arguments,
                environment: environment,
                in: directory
            )
        } else {
            child = try ChildProcess(Self.executable, arguments, environment: environment, in: directory)
        }
        self.child = child
        // Polls: the child says it listens only on its stderr (in text or JSON lines).
        let metrics = arguments.firstIndex(of: "--metrics-bind").map { arguments[$0 + 1] }
        let ownMetricsListener = metrics.map { $0.hasSuffix(":0") } ?? false
        _ = await waitUntil {
            guard child.isRunning else { return true }
            let log = child.errors
            return Self.port(after: "nuke-server listening on ", in: log) != nil
                && (!ownMetricsListener || Self.port(after: "metrics listening on ", in: log) != nil)
        }
        guard let port = Self.port(after: "nuke-server listening on ", in: child.errors) else {
            child.signal(SIGKILL)
            throw TestError("nuke-server did not start: \(child.output) \(child.errors)")
        }
        self.port = port
        metricsPort = ownMetricsListener ? Self.port(after: "metrics listening on ", in: child.errors) : nil
    }

    /// The port in `<marker><address>:<port>` in `log`.
    private static func port(after marker: String, in log: String) -> Int? {
        guard let range = log.firstRange(of: marker) else { return nil }
        let address = log[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == ":" }
        return address.split(separator: ":").last.flatMap { Int($0) }
    }

    deinit {
        if child.isRunning { child.signal(SIGKILL) }
    }

    /// `http://127.0.0.1:<port><path>` (`port`: the image port by default).
    func url(_ path: String, port: Int? = nil) -> String {
        "http://127.0.0.1:\(port ?? self.port)" + path
    }

    /// Starts `curl` for `path` on `port` (the image port by default), writing the body to `file`
    /// and the status to stdout (or what `writeOut`, curl's `-w`, names), sending `accept` as the
    /// `Accept` header when given and `headers` (`Name: value`).
    func startRequest(
        _ path: String,
        savingBodyTo file: String,
        accept: String? = nil,
        headers: [String] = [],
        writeOut: String = "%{http_code}",
        port: Int? = nil
    ) throws -> ChildProcess {
        let header = (accept.map { ["Accept: " + $0] } ?? []) + headers
        return try ChildProcess(
            ChildProcess.curl,
            ["-s", "-o", directory.appending(file).path, "-w", writeOut] + header.flatMap { ["-H", $0] }
                + [url(path, port: port)],
            in: directory
        )
    }

    /// The most memory the server's pages took at once (`VmHWM`), in bytes.
    func peakResidentBytes() -> Int? {
        let status = try? String(contentsOfFile: "/proc/\(child.processIdentifier)/status", encoding: .utf8)
        let line = status?.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }.map { $0 * 1024 }
    }

    /// Whether a new connection to the port is refused.
    func refusesConnections() -> Bool {
        !loopbackAcceptsConnections(port: port)
    }
}
