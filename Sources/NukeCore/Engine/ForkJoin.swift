// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Dispatch

/// Splits a loop over independent indices in two when a thread of the calling worker's pool is
/// idle: the second half runs there while the caller runs the first. Elsewhere (off the pool, or
/// with every thread busy, as under load) the loop runs whole on the caller, so splitting never
/// queues work behind other requests' work. For pixel loops of processors and decoders.
public enum ForkJoin {
    /// Calls `body` with `range`, or with its two halves, the second maybe on another thread;
    /// returns when every call has returned. `body` must only touch what its range owns.
    public static func forHalves(of range: Range<Int>, _ body: (Range<Int>) -> Void) {
        guard range.count >= 2, let pool = WorkerPoolCore.current else { return body(range) }
        let middle = range.lowerBound + range.count / 2
        withoutActuallyEscaping(body) { body in
            let shared = SharedBody(body)
            let done = DispatchSemaphore(value: 0)
            let second = WorkerPoolItem {
                shared.runOnce(middle..<range.upperBound)
                done.signal()
            }
            guard pool.submitIfIdle(second) else { return body(range) }
            body(range.lowerBound..<middle)
            if second.claim() {  // No thread took it yet: run it here instead of waiting.
                second.run()
            } else {
                done.wait()  // Another thread runs it now.
            }
        }
    }

    /// `body` handed to the thread that runs the second half, which drops it before signalling
    /// (`withoutActuallyEscaping` checks that nothing holds it once the halves are done).
    /// `@unchecked Sendable`: the halves touch disjoint parts of what `body` captures, and
    /// ``ForkJoin/forHalves(of:_:)`` returns only after both have run, so the closure never
    /// outlives its captures nor races with itself.
    private final class SharedBody: @unchecked Sendable {
        private var body: ((Range<Int>) -> Void)?

        init(_ body: @escaping (Range<Int>) -> Void) {
            self.body = body
        }

        /// Calls the body with `range`, then drops it.
        func runOnce(_ range: Range<Int>) {
            body?(range)
            body = nil
        }
    }
}
