// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImageProcessingOptions {
    /// A border drawn inside the edge of a shape (`Circle`, `RoundedCorners`).
    public struct Border: Hashable, Sendable, CustomStringConvertible {
        /// The colour: red, green, blue and alpha, each 0…1 (clamped).
        public let red: Double, green: Double, blue: Double, alpha: Double
        /// The width in pixels (points are converted when the border is made).
        public let width: Double

        /// Creates a border.
        public init(
            red: Double,
            green: Double,
            blue: Double,
            alpha: Double = 1,
            width: Double = 1,
            unit: ImageProcessingOptions.Unit = .points
        ) {
            func clamp(_ value: Double) -> Double { value.isFinite ? min(1, max(0, value)) : 0 }
            self.red = clamp(red)
            self.green = clamp(green)
            self.blue = clamp(blue)
            self.alpha = clamp(alpha)
            self.width = width.isFinite ? unit.pixels(max(0, width)) : 0
        }

        /// Creates a border from a hex colour such as `#FF8800` or `#FF880080`; `nil` if malformed.
        public init?(hex: String, width: Double = 1, unit: ImageProcessingOptions.Unit = .points) {
            var digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
            if digits.count == 6 { digits += "FF" }
            guard digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
            func component(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
            self.init(
                red: component(24),
                green: component(16),
                blue: component(8),
                alpha: component(0),
                width: width,
                unit: unit
            )
        }

        /// `Border(color: #RRGGBB[AA], width: N pixels)`, as in Nuke's identifiers: the alpha byte
        /// only when the colour is not opaque.
        public var description: String {
            let components = alpha < 1 ? [red, green, blue, alpha] : [red, green, blue]
            let hex = components.map { component -> String in
                let text = String(Int((component * 255).rounded()), radix: 16, uppercase: true)
                return text.count == 1 ? "0" + text : text
            }.joined()
            return "Border(color: #\(hex), width: \(width) pixels)"
        }

        /// The colour as 0…255 RGBA.
        var rgba: SIMD4<Float> { SIMD4(Float(red), Float(green), Float(blue), Float(alpha)) * 255 }
    }
}
