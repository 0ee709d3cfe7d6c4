// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#endif

/// The reconstruction filter used to resample an image.
public enum ResamplingFilter: String, Hashable, Sendable, CaseIterable {
    /// Nearest-pixel averaging (support 0.5): fast, blocky when enlarging.
    case box
    /// Linear interpolation, the triangle filter (support 1).
    case bilinear
    /// Cubic convolution with a = −0.5, the Catmull-Rom spline (support 2).
    case bicubic
    /// Windowed sinc with three lobes (support 3): the sharpest, the default.
    case lanczos3

    /// How far, in source pixels at scale 1, the filter reaches on each side.
    var support: Double {
        switch self {
        case .box: 0.5
        case .bilinear: 1
        case .bicubic: 2
        case .lanczos3: 3
        }
    }

    /// The filter's weight at distance `x`.
    func weight(_ x: Double) -> Double {
        let x = abs(x)
        switch self {
        case .box:
            return x <= 0.5 ? 1 : 0
        case .bilinear:
            return x < 1 ? 1 - x : 0
        case .bicubic:
            let a = -0.5
            if x < 1 { return ((a + 2) * x - (a + 3)) * x * x + 1 }
            if x < 2 { return (((x - 5) * x + 8) * x - 4) * a }
            return 0
        case .lanczos3:
            guard x < 3 else { return 0 }
            return Self.sinc(x) * Self.sinc(x / 3)
        }
    }

    private static func sinc(_ x: Double) -> Double {
        guard x != 0 else { return 1 }
        let value = x * Double.pi
        return sin(value) / value
    }
}
