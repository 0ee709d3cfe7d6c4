// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

/// What the resampler's horizontal filter sums: a gray level, or an RGBA pixel of floats (with
/// its weight broadcast to the four lanes).
protocol ResamplingSample {
    static var zero: Self { get }
    static func * (lhs: Self, rhs: Self) -> Self
    static func += (lhs: inout Self, rhs: Self)
}

extension Float: ResamplingSample {}

extension SIMD4: ResamplingSample where Scalar == Float {}
