// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeImaging

extension BinaryFloatingPoint {
    /// `self` limited to `0...upper`; NaN is 0.
    @inline(__always)
    func clampedToZero(upTo upper: Self) -> Self {
        self > 0 ? Swift.min(self, upper) : 0
    }
}
