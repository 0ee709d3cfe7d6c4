// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Units and modes shared by processors and thumbnail options.
public enum ImageProcessingOptions: Sendable {
    /// Pixels per point. Linux has no screen, so a point is one pixel, as in Nuke on a 1× display.
    public static let screenScale = 1.0

    /// The unit of a length given to a processor or thumbnail option.
    ///
    /// As in Nuke, lengths are converted to pixels when the processor or option is made, so a
    /// processor made with 30 points and one made with 30 pixels have the same identifier and
    /// share work and cache entries.
    public enum Unit: String, Hashable, Sendable, CustomStringConvertible {
        /// Points, multiplied by ``ImageProcessingOptions/screenScale`` to get pixels.
        case points
        /// Pixels.
        case pixels

        /// The case name.
        public var description: String { rawValue }

        /// `length`, given in this unit, in pixels, at `Float` precision as Nuke keeps target sizes,
        /// so identifiers (and disk-cache keys) print the same digits as Nuke's.
        public func pixels(_ length: Double) -> Double {
            Double(Float(self == .points ? length * ImageProcessingOptions.screenScale : length))
        }
    }

    /// How an image is fitted into a target size.
    public enum ContentMode: String, Hashable, Sendable, CustomStringConvertible {
        /// Scale to fill the target completely, overflowing on one side.
        case aspectFill
        /// Scale to fit inside the target completely.
        case aspectFit

        /// `.aspectFill` or `.aspectFit`.
        public var description: String { "." + rawValue }
    }
}
