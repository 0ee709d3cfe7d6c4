// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The conversion to sRGB a pipeline asks for (``ColorManagementPolicy/convertToSRGB(intent:)``
/// with a colour manager registered), handed to decoders through
/// ``ImageDecodingContext/colorConversion`` for the colours only they can convert (CMYK, which
/// becomes RGB inside the decoder) and for conversions they run row by row as they decode
/// (NukeImaging's `planarRowConversion(from:)`).
public struct ColorConversion: Sendable {
    /// The registry's colour manager.
    public var manager: any ColorManaging
    /// The rendering intent the configuration asks for.
    public var intent: RenderingIntent

    /// Creates a conversion with `manager` and `intent`.
    public init(manager: any ColorManaging, intent: RenderingIntent = .perceptual) {
        self.manager = manager
        self.intent = intent
    }

    /// `pixels` converted from `profile` (a CMYK ICC profile) to sRGB.
    public func convertToSRGB(_ pixels: CMYKPixels, from profile: ColorProfile) throws -> Bitmap {
        try manager.convertToSRGB(pixels, from: profile, intent: intent)
    }
}

/// CMYK pixels as a decoder reads them, before they become RGB: four bytes a pixel (cyan,
/// magenta, yellow, black), 0 for no ink and 255 for full ink, rows without padding.
public struct CMYKPixels: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes.
    public let bytes: [UInt8]

    /// Creates pixels of `width × height` from `bytes`; `nil` if the sizes do not match.
    public init?(width: Int, height: Int, bytes: [UInt8]) {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, count.multipliedReportingOverflow(by: 4) == (bytes.count, false)
        else { return nil }
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}

extension CMYKPixels {
    /// Opaque RGBA without a profile: each ink's complement times black's complement, how
    /// browsers and libjpeg-based tools show CMYK they cannot colour-manage.
    public func convertedToRGBAWithoutProfile() throws -> Bitmap {
        try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: true) { output in
            bytes.withUnsafeBufferPointer { cmyk in
                for pixel in 0..<width * height {
                    let black = 255 - Int(cmyk[4 * pixel + 3])
                    for channel in 0..<3 {
                        let ink = 255 - Int(cmyk[4 * pixel + channel])
                        output[4 * pixel + channel] = UInt8((ink * black + 127) / 255)
                    }
                    output[4 * pixel + 3] = 255
                }
            }
        }
    }
}
