// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
public import NukeImaging

/// A colour manager whose only conversion is the row conversion decoders run as they decode, and
/// which only interleaves the planes it is given: for fuzzing a decoder's side of that path
/// without a colour-management plugin.
public final class InterleavingColorManager: PlanarRowConverting {
    /// Creates the manager.
    public init() {}

    /// `nil`: nothing to convert after decoding.
    public func convertToSRGB(_ image: Bitmap, from profile: ColorProfile, intent: RenderingIntent) throws -> Bitmap? {
        nil
    }

    /// Red, green and blue interleaved as opaque RGBA, for any profile.
    public func planarRowConversion(from profile: ColorProfile, intent: RenderingIntent) -> PlanarRowConversion? {
        let interleave: PlanarRowConversion.Function = { _, red, green, blue, rgba, width in
            guard let red, let green, let blue, let rgba else { return }
            for x in 0..<width {
                rgba[4 * x] = red[x]
                rgba[4 * x + 1] = green[x]
                rgba[4 * x + 2] = blue[x]
                rgba[4 * x + 3] = 255
            }
        }
        return PlanarRowConversion(
            function: interleave,
            context: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()),
            owner: self
        )
    }
}
