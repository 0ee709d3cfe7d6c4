// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

extension Resampler {
    /// Source rows filtered horizontally, kept in a ring of as many rows as the vertical filter
    /// has taps plus the three more that a batch of four may fill ahead. Each output row's window
    /// of source rows moves only forward, so every source row is filtered once, and the working
    /// set stays in the cache instead of a whole intermediate image (megabytes, read many times
    /// over) per resize.
    final class FilteredRows<Sample: ResamplingSample> {
        /// The ring's rows, `width` samples each, one after another.
        let samples: UnsafeMutableBufferPointer<Sample>
        /// Up to four source rows converted to samples, `sourceWidth` each, for the filter.
        private let batch: UnsafeMutableBufferPointer<Sample>
        /// The source row each slot holds (-1: none yet).
        private var rowInSlot: [Int]
        private let horizontal: Coefficients
        /// The horizontal filter's weights as samples (one per weight of `horizontal`).
        private let weights: [Sample]
        private let width: Int
        private let sourceWidth: Int
        private let sourceHeight: Int

        /// A ring for filtering rows of `sourceWidth` samples with `horizontal` (its weights as
        /// `weights`), for a vertical filter of `verticalTaps` over `sourceHeight` rows.
        init(
            horizontal: Coefficients,
            weights: [Sample],
            verticalTaps: Int,
            sourceWidth: Int,
            sourceHeight: Int
        ) {
            let width = horizontal.starts.count
            let slots = max(1, verticalTaps) + Resampler.rowsPerBatch - 1
            samples = .allocate(capacity: slots * width)
            samples.initialize(repeating: .zero)
            batch = .allocate(capacity: Resampler.rowsPerBatch * sourceWidth)
            batch.initialize(repeating: .zero)
            rowInSlot = [Int](repeating: -1, count: slots)
            (self.horizontal, self.weights) = (horizontal, weights)
            (self.width, self.sourceWidth, self.sourceHeight) = (width, sourceWidth, sourceHeight)
        }

        deinit {
            samples.deallocate()
            batch.deallocate()
        }

        /// Where source row `row`, once made available, starts in ``samples``.
        @inline(__always)
        func offset(ofRow row: Int) -> Int {
            (row % rowInSlot.count) &* width
        }

        /// Makes the source rows of `window` available in ``samples``, filtering those not there
        /// yet four at a time; `load` writes a source row's samples at a pointer. Past the last
        /// source row, a batch repeats it into its own slot: one kernel, one order of additions,
        /// for every row.
        @inline(__always)
        func makeAvailable(_ window: Range<Int>, load: (_ row: Int, _ target: UnsafeMutablePointer<Sample>) -> Void) {
            for first in window where rowInSlot[first % rowInSlot.count] != first {
                let last = min(Resampler.rowsPerBatch, sourceHeight &- first) &- 1
                for index in 0..<Resampler.rowsPerBatch {
                    load(first &+ min(index, last), batch.baseAddress! + index &* sourceWidth)
                }
                func slotOffset(_ index: Int) -> Int { offset(ofRow: first &+ min(index, last)) }
                horizontal.withBuffers(weights: weights) { starts, counts, weights in
                    Resampler.filterFourRows(
                        UnsafeBufferPointer(batch),
                        sourceWidth: sourceWidth,
                        width: width,
                        starts: starts,
                        counts: counts,
                        weights: weights,
                        taps: horizontal.taps,
                        into: samples,
                        at: (slotOffset(0), slotOffset(1), slotOffset(2), slotOffset(3))
                    )
                }
                for index in 0...last { rowInSlot[(first &+ index) % rowInSlot.count] = first &+ index }
            }
        }
    }
}
