// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport

/// `nuke-server`, built beside the tests, started on a free loopback port with a scratch cache
/// directory; killed when the test lets go of it, whatever happened.
final class RunningServer: Sendable {
    let child: ChildProcess
    let port: Int
    let directory: TemporaryDirectory

    /// The executable.
    static var executable: URL { executableBesideTests(named: "nuke-server") }

    /// Starts the server with `arguments` after `--port 0 --cache-directory <scratch>` (in `cgroup`
    /// from its first instruction, when given) and waits until it says which port it listens on.
    init(_ arguments: [String], environment: [String: String] = [:], in cgroup: MemoryCgroup? = nil) async throws {
        directory = try TemporaryDirectory(prefix: "nuke-server-tests")
        let arguments = ["--port", "0", "--cache-directory", directory.appending("cache").path] + arguments
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
        // Polls: the child says it listens only on its stderr.
        _ = await waitUntil { child.errors.contains("listening on") || !child.isRunning }
        guard let line = child.errors.split(separator: "\n").first(where: { $0.contains("listening on") }),
            let port = line.split(separator: ":").last.flatMap({ Int($0) })
        else {
            child.signal(SIGKILL)
            throw TestError("nuke-server did not start: \(child.output) \(child.errors)")
        }
        self.port = port
    }

    deinit {
        if child.isRunning { child.signal(SIGKILL) }
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)" + path
    }

    /// Starts `curl` for `path`, writing the body to `file` and the status to stdout (or what
    /// `writeOut`, curl's `-w`, names), sending `accept` as the `Accept` header when given.
    func startRequest(
        _ path: String,
        savingBodyTo file: String,
        accept: String? = nil,
        writeOut: String = "%{http_code}"
    ) throws -> ChildProcess {
        let header = accept.map { ["-H", "Accept: " + $0] } ?? []
        return try ChildProcess(
            ChildProcess.curl,
            ["-s", "-o", directory.appending(file).path, "-w", writeOut] + header + [url(path)],
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
