// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#endif

extension ChildProcess {
    /// Starts a server with `spawn(port)` and waits until `isListening(port)`. On `port` when one
    /// is given (a restart); else on a free loopback port probed here, and on another one when
    /// the server exits first — as it does when a server started at the same moment took the
    /// probed port between the probe and its `bind`. A server that never listens is killed.
    package static func server(
        _ name: String,
        on port: UInt16? = nil,
        isListening: (UInt16) -> Bool = { Socket.canConnect(toPort: $0) },
        _ spawn: (UInt16) throws -> ChildProcess
    ) throws(HTTPTestServerError) -> (process: ChildProcess, port: UInt16) {
        var attempt = 1
        while true {
            let chosen: UInt16
            if let port {
                chosen = port
            } else {
                let probe = try Socket.listen()
                chosen = probe.port
                probe.close()
            }
            let process: ChildProcess
            do {
                process = try spawn(chosen)
            } catch {
                throw .helperFailed("\(name) did not start: \(error)")
            }
            let deadline = Date() + 30
            while Date() < deadline, process.isRunning {
                if isListening(chosen) { return (process, chosen) }
                Thread.sleep(forTimeInterval: 0.02)
            }
            let exited = !process.isRunning
            process.stop()
            guard exited, port == nil, attempt < 3 else {
                throw .helperFailed("\(name) did not listen on port \(chosen): \(process.errors)")
            }
            attempt += 1
        }
    }

    /// Kills it (SIGKILL, after SIGCONT in case it was stopped) and reaps it.
    public func stop() {
        guard isRunning else { return }
        signal(SIGCONT)
        signal(SIGKILL)
        _ = waitForExit()
    }
}
