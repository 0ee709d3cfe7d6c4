// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// imgproxy's `max_bytes`: a lossy result encoded again at lower qualities until it fits.
///
/// Each retry lowers the quality by a factor chosen from how far over the budget the last
/// result was (a quarter of it when more than three times over, half when more than 1.5 times,
/// else three quarters), at most ``maximumAttempts`` encodes in all, never below quality 1. When
/// even the last does not fit, it is served: the smallest made.
enum ByteBudget {
    /// The most encodes one result may take.
    static let maximumAttempts = 6

    /// The result of `encode` at `quality`, or at lower qualities while it is over `maximumBytes`.
    static func encode<Output>(
        maximumBytes: Int,
        quality: Int,
        size: (Output) -> Int,
        _ encode: (Int) throws -> Output
    ) rethrows -> (output: Output, quality: Int) {
        var quality = quality
        var output = try encode(quality)
        var attempts = 1
        while size(output) > maximumBytes, quality > 1, attempts < maximumAttempts {
            let excess = Double(size(output)) / Double(max(1, maximumBytes))
            let factor = excess > 3 ? 0.25 : excess > 1.5 ? 0.5 : 0.75
            quality = max(1, min(quality - 1, Int(Double(quality) * factor)))
            output = try encode(quality)
            attempts += 1
        }
        return (output, quality)
    }
}
