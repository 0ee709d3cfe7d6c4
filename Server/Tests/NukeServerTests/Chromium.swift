// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport

/// Debian's headless Chromium, started on one page with a profile and a home of its own (the
/// user's are never touched) and every host but loopback unresolvable, so nothing it does leaves
/// the machine; killed when let go of.
final class Chromium: Sendable {
    static let executable = URL(fileURLWithPath: "/usr/bin/chromium")

    /// Whether Debian's `chromium` is installed.
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: executable.path) }

    let child: ChildProcess

    /// Opens `page` at a device pixel ratio of `scale`.
    init(opening page: URL, scale: Int = 1, in directory: TemporaryDirectory) throws {
        child = try ChildProcess(
            Self.executable,
            [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--force-device-scale-factor=\(scale)",
                "--user-data-dir=" + directory.appending("chromium-profile").path,
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
                "--disable-default-apps", "--disable-component-update", "--disable-background-networking",
                "--disable-domain-reliability", "--disable-breakpad", "--no-pings",
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                page.absoluteString,
            ],
            environment: ["HOME": directory.path, "XDG_CONFIG_HOME": directory.path, "XDG_CACHE_HOME": directory.path],
            in: directory
        )
    }

    deinit {
        if child.isRunning { child.signal(SIGKILL) }
    }

    /// The first body the page posts to `path` on `server`, or `nil` if the browser exits first;
    /// the browser is stopped either way.
    func report(to path: String, on server: HTTPTestServer) async -> Data? {
        let (reports, reported) = AsyncStream<Data>.makeStream()
        server.route(path) { request in
            reported.yield(request.body)
            return .status(204)
        }
        return await withTaskGroup(of: Data?.self) { group in
            group.addTask {
                for await body in reports { return body }
                return nil
            }
            group.addTask { [child] in
                _ = try? await child.exitStatus()
                return nil
            }
            let first = await group.next() ?? nil
            // Ends whichever of the two is still waiting.
            child.signal(SIGKILL)
            reported.finish()
            let second = await group.next() ?? nil
            return first ?? second
        }
    }
}
