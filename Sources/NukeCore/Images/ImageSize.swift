// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A width and a height, in points or pixels depending on where it is used.
///
/// NukeCore does not depend on Core Graphics, so this small value stands in for `CGSize`.
public struct ImageSize: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Creates a size from integer pixel counts.
    public init(width: Int, height: Int) {
        self.init(width: Double(width), height: Double(height))
    }

    /// Formats as `(width, height)`, matching how `CGSize` prints in Nuke's identifiers.
    public var description: String {
        "(\(width), \(height))"
    }
}
