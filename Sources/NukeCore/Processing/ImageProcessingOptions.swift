// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Units and modes shared by processors and thumbnail options.
public enum ImageProcessingOptions: Sendable {
    /// The unit of a length given to a processor.
    public enum Unit: String, Hashable, Sendable, CustomStringConvertible {
        /// Points, multiplied by ``ImageRequest/scale`` to get pixels.
        case points
        /// Pixels.
        case pixels

        /// The case name.
        public var description: String { rawValue }
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
