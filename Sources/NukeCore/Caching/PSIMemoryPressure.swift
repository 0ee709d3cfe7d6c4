// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#endif

/// Memory pressure from Linux's pressure stall information (PSI): triggers on the process's
/// cgroup v2 `memory.pressure` (a container's own pressure), else the system's
/// `/proc/pressure/memory`. `moderate` when some tasks stall on memory for `stall` within a
/// `window`, `critical` when all of them do.
///
/// One thread of its own waits in `poll` while anything observes, and ends when nothing does.
/// Unprivileged processes may arm triggers whose window is a multiple of 2 seconds (the default).
public final class PSIMemoryPressure: MemoryPressureSource {
    /// The process's monitor, armed on first use; `nil` where PSI is not available (kernels before
    /// 4.20, `psi=0`, or pressure files that refuse triggers).
    public static let current: PSIMemoryPressure? = try? PSIMemoryPressure()

    /// The pressure file the triggers are armed on.
    public let path: String
    /// How long tasks must stall within ``window`` to raise an event.
    public let stall: Duration
    /// The window stalls are measured over.
    public let window: Duration

    private struct State {
        var observers: [Int: @Sendable (MemoryPressureEvent) -> Void] = [:]
        var nextID = 0
        /// The running poll thread's wake-up pipe (its write end), if a thread runs.
        var wakeUp: Int32?
    }

    private let state = Mutex(State())

    /// Opens the first pressure file that accepts triggers: `path` if given, else the cgroup's,
    /// else the system's; the triggers are armed when something observes.
    ///
    /// - Throws: ``PSIError`` when no file accepts a trigger.
    public init(path: String? = nil, stall: Duration = .milliseconds(100), window: Duration = .seconds(2)) throws {
        self.stall = stall
        self.window = window
        let candidates = path.map { [$0] } ?? Self.candidatePaths()
        for candidate in candidates where Self.isPressureFile(candidate) {
            let probe = try? Self.arm(candidate, kind: "some", stall: stall, window: window)
            if let probe {
                close(probe)
                self.path = candidate
                return
            }
        }
        throw PSIError.unavailable(candidates)
    }

    /// `true` if `path` reads as a pressure file (`some avg10=…`).
    static func isPressureFile(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 11)
        return read(descriptor, &bytes, bytes.count) == bytes.count && bytes == Array("some avg10=".utf8)
    }

    /// `true` while a thread watches the triggers (something observes).
    var isWatching: Bool { state.withLock { $0.wakeUp != nil } }

    /// The cgroup's pressure file (unified and hybrid mounts), then the system's.
    static func candidatePaths() -> [String] {
        var paths: [String] = []
        if let group = SystemMemory.currentCgroupV2Path() {
            paths += ["/sys/fs/cgroup\(group)/memory.pressure", "/sys/fs/cgroup/unified\(group)/memory.pressure"]
        }
        return paths + ["/proc/pressure/memory"]
    }

    /// Calls `handler` on each event until the handle is cancelled; the first observer starts the
    /// thread, the last one to leave ends it.
    public func observe(_ handler: @escaping @Sendable (MemoryPressureEvent) -> Void) -> any Cancellable {
        let (id, needsThread) = state.withLock { state -> (Int, Bool) in
            let id = state.nextID
            state.nextID += 1
            state.observers[id] = handler
            return (id, state.wakeUp == nil)
        }
        if needsThread { startThread() }
        return Observation { [weak self] in self?.removeObserver(id) }
    }

    private func removeObserver(_ id: Int) {
        let wakeUp = state.withLock { state -> Int32? in
            state.observers.removeValue(forKey: id)
            guard state.observers.isEmpty, let wakeUp = state.wakeUp else { return nil }
            state.wakeUp = nil
            return wakeUp
        }
        if let wakeUp {
            var byte: UInt8 = 1
            _ = write(wakeUp, &byte, 1)
            close(wakeUp)
        }
    }

    private func startThread() {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // Not inherited by child processes.
        guard let moderate = try? Self.arm(path, kind: "some", stall: stall, window: window) else {
            close(pipeEnds[0])
            close(pipeEnds[1])
            return
        }
        let critical = (try? Self.arm(path, kind: "full", stall: stall, window: window)) ?? -1
        let started = state.withLock { state -> Bool in
            guard state.wakeUp == nil, !state.observers.isEmpty else { return false }
            state.wakeUp = pipeEnds[1]
            return true
        }
        guard started else {
            for descriptor in [pipeEnds[0], pipeEnds[1], moderate, critical] where descriptor >= 0 { close(descriptor) }
            return
        }
        let watch = PSIWatch(moderate: moderate, critical: critical, wakeUp: pipeEnds[0]) { [weak self] event in
            self?.deliver(event)
        }
        WorkerThread.start(name: "nuke.psi") { watch.run() }
    }

    private func deliver(_ event: MemoryPressureEvent) {
        let handlers = state.withLock { Array($0.observers.values) }
        for handler in handlers { handler(event) }  // Outside the lock: observers' code.
    }

    /// Opens `path` and arms a trigger on it; returns the descriptor to poll for `POLLPRI`.
    static func arm(_ path: String, kind: String, stall: Duration, window: Duration) throws -> Int32 {
        let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw PSIError.cannotOpen(path: path, errno: errno) }
        // With its NUL: the kernel overwrites the last byte written with one.
        let trigger = "\(kind) \(microseconds(stall)) \(microseconds(window))".utf8CString
        let written = trigger.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
        guard written > 0 else {
            let code = errno
            close(descriptor)
            throw PSIError.triggerRefused(path: path, errno: code)
        }
        return descriptor
    }

    /// `duration` in microseconds, within 0 … an hour (the kernel refuses windows over 10 s).
    private static func microseconds(_ duration: Duration) -> Int64 {
        min(max(0, duration.nanoseconds), 3_600_000_000_000) / 1000
    }
}

/// Why PSI memory pressure is not available.
public enum PSIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No pressure file accepted a trigger.
    case unavailable([String])
    /// A pressure file could not be opened.
    case cannotOpen(path: String, errno: Int32)
    /// The kernel refused the trigger (no PSI, or a window an unprivileged process may not use).
    case triggerRefused(path: String, errno: Int32)

    /// A sentence describing the problem.
    public var description: String {
        switch self {
        case .unavailable(let paths): "No pressure file accepted a trigger (\(paths.joined(separator: ", ")))"
        case let .cannotOpen(path, code): "Cannot open \(path) (errno \(code))"
        case let .triggerRefused(path, code): "\(path) refused a trigger (errno \(code))"
        }
    }
}

/// The poll loop of one armed pair of triggers, on its own thread.
private final class PSIWatch: Sendable {
    let moderate: Int32
    let critical: Int32
    let wakeUp: Int32
    let onEvent: @Sendable (MemoryPressureEvent) -> Void

    init(moderate: Int32, critical: Int32, wakeUp: Int32, onEvent: @escaping @Sendable (MemoryPressureEvent) -> Void) {
        self.moderate = moderate
        self.critical = critical
        self.wakeUp = wakeUp
        self.onEvent = onEvent
    }

    /// Waits for events until the wake-up pipe is written or closed, or a trigger fails (its
    /// cgroup removed); then closes every descriptor.
    func run() {
        var descriptors = [
            pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0),
            pollfd(fd: moderate, events: Int16(POLLPRI), revents: 0),
            pollfd(fd: critical, events: Int16(POLLPRI), revents: 0),
        ]
        loop: while true {
            for index in descriptors.indices { descriptors[index].revents = 0 }
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if descriptors[0].revents != 0 { break }
            for (index, event) in [(2, MemoryPressureEvent.critical), (1, .moderate)] {
                let revents = Int32(descriptors[index].revents)
                if revents & Int32(POLLERR | POLLNVAL) != 0 { break loop }
                if revents & Int32(POLLPRI) != 0 {
                    onEvent(event)
                    break
                }
            }
        }
        for descriptor in [wakeUp, moderate, critical] where descriptor >= 0 { close(descriptor) }
    }
}

/// Cancels an observation once.
private final class Observation: Cancellable {
    private let cancelAction: Mutex<(@Sendable () -> Void)?>

    init(_ cancel: @escaping @Sendable () -> Void) {
        cancelAction = Mutex(cancel)
    }

    func cancel() {
        let action = cancelAction.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit {
        cancel()
    }
}
