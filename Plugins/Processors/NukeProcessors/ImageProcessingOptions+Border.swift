// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImageProcessingOptions {
    /// A border drawn inside the edge of a shape (`Circle`, `RoundedCorners`).
    public struct Border: Hashable, Sendable, CustomStringConvertible {
        /// The colour.
        public let color: Color
        /// The width in pixels (points are converted when the border is made).
        public let width: Double

        /// The red component, 0…1.
        public var red: Double { color.red }
        /// The green component, 0…1.
        public var green: Double { color.green }
        /// The blue component, 0…1.
        public var blue: Double { color.blue }
        /// The alpha component, 0…1.
        public var alpha: Double { color.alpha }

        /// Creates a border of `color`.
        public init(color: Color, width: Double = 1, unit: ImageProcessingOptions.Unit = .points) {
            self.color = color
            self.width = width.isFinite ? unit.pixels(max(0, width)) : 0
        }

        /// Creates a border from components, each 0…1 (clamped).
        public init(
            red: Double,
            green: Double,
            blue: Double,
            alpha: Double = 1,
            width: Double = 1,
            unit: ImageProcessingOptions.Unit = .points
        ) {
            self.init(color: Color(red: red, green: green, blue: blue, alpha: alpha), width: width, unit: unit)
        }

        /// Creates a border from a hex colour such as `#FF8800` or `#FF880080`; `nil` if malformed.
        public init?(hex: String, width: Double = 1, unit: ImageProcessingOptions.Unit = .points) {
            guard let color = Color(hex: hex) else { return nil }
            self.init(color: color, width: width, unit: unit)
        }

        /// `Border(color: #RRGGBB[AA], width: N pixels)`, as in Nuke's identifiers: the alpha byte
        /// only when the colour is not opaque.
        public var description: String {
            "Border(color: \(color), width: \(width) pixels)"
        }

        /// The colour as 0…255 RGBA.
        var rgba: SIMD4<Float> { color.rgba }
    }
}
