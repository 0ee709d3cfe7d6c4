// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation
internal import Synchronization

#if canImport(Glibc)
    internal import Glibc
#endif

/// A program started by a test, its output going to files in a scratch directory.
///
/// Started with `posix_spawn`, not Foundation's `Process`: `Process.run()` in the Foundation of
/// Swift 6.3.1 reads past the end of `/proc/self/fd` entries and crashes now and then
/// (swift-corelibs-foundation pull request 5472), and the tests start hundreds of programs.
public final class ChildProcess: Sendable {
    /// The program's process id.
    public let processIdentifier: pid_t
    /// The file its stdout goes to.
    public let standardOutput: URL
    /// The file its stderr goes to.
    public let standardError: URL
    /// Its exit status once it has been reaped.
    private let exit = Mutex<Int32?>(nil)

    /// Starts `executable arguments…` with `environment` added to this process's environment,
    /// in `workingDirectory` (this process's, by default), reading `standardInput` (a file;
    /// `/dev/null` by default).
    public init(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String] = [:],
        workingDirectory: String? = nil,
        standardInput: String = "/dev/null",
        in directory: TemporaryDirectory
    )
        throws
    {
        let name = executable.lastPathComponent + "-" + UUID().uuidString
        standardOutput = directory.appending(name + ".out")
        standardError = directory.appending(name + ".err")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, standardError.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // The test's own descriptors (listening sockets among them) stay out of the child.
        if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
        if let workingDirectory, let changeDirectory = Self.changeDirectory {
            _ = changeDirectory(&actions, workingDirectory)
        }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        guard result == 0 else {
            throw TestError("\(executable.path) did not start: \(String(cString: strerror(result)))")
        }
        processIdentifier = pid
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
    /// module does not declare.
    private static let closeFrom:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self
            )
        }()

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), likewise undeclared.
    private static let changeDirectory:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32)? = {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return nil }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32)
                    .self
            )
        }()

    /// What it has written to stdout so far.
    public var output: String { (try? String(contentsOf: standardOutput, encoding: .utf8)) ?? "" }

    /// What it has written to stderr so far.
    public var errors: String { (try? String(contentsOf: standardError, encoding: .utf8)) ?? "" }

    /// Whether it has not exited yet.
    public var isRunning: Bool { reap(blocking: false) == nil }

    /// Sends it a signal.
    public func signal(_ number: Int32) {
        guard isRunning else { return }
        kill(processIdentifier, number)
    }

    /// Waits for it to exit, off the cooperative pool, and returns its status (the signal's
    /// number when a signal ended it, as Foundation's `terminationStatus` has it).
    public func exitStatus() async throws -> Int32 {
        try await runOffCooperativePool { [self] in waitForExit() }
    }

    /// Waits for it to exit on the calling thread (a helper's own, never the cooperative pool)
    /// and returns its status.
    public func waitForExit() -> Int32 {
        while true {
            if let status = reap(blocking: true) { return status }
        }
    }

    /// The exit status once reaped (waiting for it when `blocking`), else `nil`.
    private func reap(blocking: Bool) -> Int32? {
        if let status = exit.withLock({ $0 }) { return status }
        var raw: Int32 = 0
        let reaped = waitpid(processIdentifier, &raw, blocking ? 0 : WNOHANG)
        if reaped == processIdentifier {
            let status = raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f
            exit.withLock { $0 = status }
            return status
        }
        // Another thread reaped it (ECHILD) and is about to store the status, or a signal
        // interrupted the wait: look again.
        if reaped == -1, errno == ECHILD { sched_yield() }
        return blocking ? exit.withLock({ $0 }) : nil
    }

    /// Runs `executable arguments…` to completion.
    public static func run(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String] = [:],
        in directory: TemporaryDirectory
    )
        async throws -> (status: Int32, output: String, errors: String)
    {
        let child = try ChildProcess(executable, arguments, environment: environment, in: directory)
        let status = try await child.exitStatus()
        return (status, child.output, child.errors)
    }

    /// `curl` from the system.
    public static let curl = URL(fileURLWithPath: "/usr/bin/curl")
}
