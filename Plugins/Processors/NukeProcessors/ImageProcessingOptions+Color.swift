// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImageProcessingOptions {
    /// A colour for processors: borders, backgrounds. Components are 0…1, in sRGB, not
    /// premultiplied.
    public struct Color: Hashable, Sendable, CustomStringConvertible {
        /// The red component, 0…1.
        public let red: Double
        /// The green component, 0…1.
        public let green: Double
        /// The blue component, 0…1.
        public let blue: Double
        /// The alpha component, 0…1 (1 is opaque).
        public let alpha: Double

        /// Creates a colour; components are clamped to 0…1 (a non-finite one counts as 0).
        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            func clamp(_ value: Double) -> Double { value.isFinite ? min(1, max(0, value)) : 0 }
            self.red = clamp(red)
            self.green = clamp(green)
            self.blue = clamp(blue)
            self.alpha = clamp(alpha)
        }

        /// Creates a colour from `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); `nil` if malformed.
        public init?(hex: String) {
            var digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
            if digits.count == 6 { digits += "FF" }
            guard digits.count == 8, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
                return nil
            }
            func component(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
            self.init(red: component(24), green: component(16), blue: component(8), alpha: component(0))
        }

        /// Opaque white.
        public static let white = Color(red: 1, green: 1, blue: 1)
        /// Opaque black.
        public static let black = Color(red: 0, green: 0, blue: 0)

        /// `#RRGGBB`, or `#RRGGBBAA` when not opaque, as Nuke prints colours.
        public var description: String {
            let components = alpha < 1 ? [red, green, blue, alpha] : [red, green, blue]
            return "#"
                + components.map { component -> String in
                    let text = String(Int((component * 255).rounded()), radix: 16, uppercase: true)
                    return text.count == 1 ? "0" + text : text
                }.joined()
        }

        /// The colour as 0…255 RGBA.
        var rgba: SIMD4<Float> { SIMD4(Float(red), Float(green), Float(blue), Float(alpha)) * 255 }
    }
}
