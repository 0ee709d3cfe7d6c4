// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#endif

/// Starts the POSIX threads of a ``ImagePipeline/WorkerPool`` and sets their OS attributes.
enum WorkerThread {
    private final class Context {
        let name: String
        let body: () -> Void

        init(name: String, body: @escaping () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Starts a detached thread named `name` (at most 15 characters are kept) that runs `body`.
    static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Context(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread,
            nil,
            { pointer in
                guard let pointer else { return nil }
                let context = Unmanaged<Context>.fromOpaque(pointer).takeRetainedValue()
                WorkerThread.setName(context.name)
                context.body()
                return nil
            },
            context
        )
        precondition(result == 0, "cannot start a worker thread: pthread_create returned \(result)")
        pthread_detach(thread)
    }

    private static let currentOwnerKey: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key, nil)
        precondition(result == 0, "cannot create a thread-specific key: pthread_key_create returned \(result)")
        return key
    }()

    /// The object the calling thread runs for (its pool), if it is one of ours; set by the thread
    /// itself with ``setCurrentOwner(_:)``, unretained: the thread holds its owner while it runs.
    static var currentOwner: AnyObject? {
        pthread_getspecific(currentOwnerKey).map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Records `owner` as the calling thread's (see ``currentOwner``).
    static func setCurrentOwner(_ owner: AnyObject) {
        pthread_setspecific(currentOwnerKey, Unmanaged.passUnretained(owner).toOpaque())
    }

    /// Sets the calling thread's OS niceness (on Linux, `setpriority` with `who` 0 applies to
    /// the calling thread only). A failure leaves the thread at its current priority.
    static func setNiceness(_ niceness: Int) {
        guard niceness != 0 else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Int32(niceness))
    }

    /// The calling thread's OS niceness.
    static var currentNiceness: Int {
        Int(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
    }

    /// Names the calling thread through `/proc/thread-self/comm` (what `pthread_setname_np` does,
    /// which Swift cannot import without `_GNU_SOURCE`).
    private static func setName(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
