// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

internal import Synchronization

extension Resampler {
    /// The coefficient tables of recent resizes, by input size, output size and filter: a server
    /// or a thumbnail job resizes images of the same few sizes to the same few sizes, and each
    /// table costs a sine per tap to build.
    ///
    /// Bounded by ``byteLimit``: the oldest tables are dropped first. Tables are values, so a
    /// caller keeps using one after it is dropped; nothing runs under the lock but the lookup.
    final class CoefficientCache: Sendable {
        struct Key: Hashable {
            var input: Int
            var output: Int
            var filter: ResamplingFilter
        }

        /// The most bytes of tables kept.
        let byteLimit: Int
        private let state = Mutex<(tables: [Key: Coefficients], order: [Key], bytes: Int)>(([:], [], 0))

        /// The cache every resize uses: 4 MB, about a hundred and fifty tables the size of those
        /// fitting a 2,000 px photo into 512 px.
        static let shared = CoefficientCache(byteLimit: 4 << 20)

        init(byteLimit: Int) {
            self.byteLimit = byteLimit
        }

        /// The table for resampling `input` pixels to `output` with `filter`, built and kept if
        /// there is none.
        func coefficients(input: Int, output: Int, filter: ResamplingFilter) -> Coefficients {
            let key = Key(input: input, output: output, filter: filter)
            if let cached = state.withLock({ $0.tables[key] }) { return cached }
            let made = Coefficients(input: input, output: output, filter: filter)
            let bytes = made.byteCount
            guard bytes <= byteLimit else { return made }
            state.withLock { state in
                guard state.tables[key] == nil else { return }
                while state.bytes + bytes > byteLimit, !state.order.isEmpty {
                    let oldest = state.order.removeFirst()
                    state.bytes -= state.tables.removeValue(forKey: oldest)?.byteCount ?? 0
                }
                state.tables[key] = made
                state.order.append(key)
                state.bytes += bytes
            }
            return made
        }

        /// The tables kept and their bytes (for tests).
        var usage: (count: Int, bytes: Int) {
            state.withLock { ($0.tables.count, $0.bytes) }
        }

        /// Whether the table for `input`, `output` and `filter` is kept (for tests).
        func contains(input: Int, output: Int, filter: ResamplingFilter) -> Bool {
            state.withLock { $0.tables[Key(input: input, output: output, filter: filter)] != nil }
        }
    }
}

extension Resampler.Coefficients {
    /// The memory its arrays take, about.
    var byteCount: Int {
        (starts.count + counts.count) * MemoryLayout<Int>.stride + weights.count * MemoryLayout<Float>.stride
    }
}
