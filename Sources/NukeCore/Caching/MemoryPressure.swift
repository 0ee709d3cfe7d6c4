// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// How hard the system is pressed for memory.
public enum MemoryPressureEvent: Hashable, Sendable {
    /// Some tasks are stalling on memory: trim caches.
    case moderate
    /// Every task is stalling on memory: free what can be freed.
    case critical
}

/// Tells when memory runs short — what iOS's memory warnings are to Nuke's caches.
/// `PSIMemoryPressure` reads Linux's pressure stall information; tests use a source they drive.
public protocol MemoryPressureSource: AnyObject, Sendable {
    /// Calls `handler` on each event, from any thread, until the returned handle is cancelled.
    func observe(_ handler: @escaping @Sendable (MemoryPressureEvent) -> Void) -> any Cancellable
}
