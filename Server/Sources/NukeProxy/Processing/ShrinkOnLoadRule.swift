// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// How small a decode a proxy resize accepts when the decoder can shrink on load (JPEG's DCT
/// scaling, WebP's scaled decoding).
///
/// Output sizes and cache keys are the same under both rules; only the pixels differ slightly.
public enum ShrinkOnLoadRule: String, Sendable, Hashable, CaseIterable {
    /// The smallest scale not below the output size, as thumbnailers do (the `nuke` command's
    /// `--size`; Pillow's `draft` and thumbor, which stop at powers of two): JPEG's n/8 for any
    /// n, so a 2000 px wide photo fitted into 512 px decodes at 3/8. Against a full decode: mean
    /// difference up to 2.6 levels, largest up to 52 at edges (decision 0020).
    case fast
    /// Three times the output size (decision 0018, the `Resize` processor's rule): output within
    /// a largest difference of 8 levels of a full decode, at the cost of decoding in full below
    /// a 6× reduction.
    case quality

    /// How much larger than the resampled size a shrunk decode must be.
    var margin: Int {
        switch self {
        case .fast: 1
        case .quality: 3
        }
    }
}
