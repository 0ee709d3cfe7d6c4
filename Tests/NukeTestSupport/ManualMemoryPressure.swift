// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import Synchronization

/// A memory-pressure source the test drives: ``send(_:)`` delivers an event to every observer, at
/// once, on the caller's thread.
public final class ManualMemoryPressure: MemoryPressureSource {
    private let observers = Mutex<[Int: @Sendable (MemoryPressureEvent) -> Void]>([:])
    private let nextID = Atomic(0)

    /// Creates a source with no observers.
    public init() {}

    /// How many observations are active.
    public var observerCount: Int { observers.withLock { $0.count } }

    /// Registers `handler` until the handle is cancelled.
    public func observe(_ handler: @escaping @Sendable (MemoryPressureEvent) -> Void) -> any Cancellable {
        let id = nextID.add(1, ordering: .relaxed).newValue
        observers.withLock { $0[id] = handler }
        return Handle { [weak self] in _ = self?.observers.withLock { $0.removeValue(forKey: id) } }
    }

    /// Delivers `event` to every observer.
    public func send(_ event: MemoryPressureEvent) {
        let handlers = observers.withLock { Array($0.values) }
        for handler in handlers { handler(event) }
    }

    private struct Handle: Cancellable {
        let onCancel: @Sendable () -> Void
        func cancel() { onCancel() }
    }
}
