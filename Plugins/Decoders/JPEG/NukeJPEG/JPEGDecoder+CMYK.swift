// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

extension JPEGDecoder {
    /// The RGBA image of CMYK pixels as libjpeg-turbo decoded them (four bytes a pixel, 0 for no
    /// ink, in an RGBA bitmap): through the CMYK `profile` by the pipeline's colour manager when
    /// both exist and the manager can, else without a profile.
    func convertingCMYK(_ decoded: Bitmap, profile: Data?) throws -> Bitmap {
        let pixels = try decoded.withUnsafeBytes { bytes in
            let rowBytes = decoded.width * 4
            var packed = [UInt8](repeating: 0, count: rowBytes * decoded.height)
            for row in 0..<decoded.height {
                packed.withUnsafeMutableBytes { target in
                    target.baseAddress!.advanced(by: row * rowBytes)
                        .copyMemory(
                            from: bytes.baseAddress!.advanced(by: row * decoded.bytesPerRow),
                            byteCount: rowBytes
                        )
                }
            }
            guard let pixels = CMYKPixels(width: decoded.width, height: decoded.height, bytes: packed) else {
                throw ImageDecodingError.corrupt(reason: "the CMYK image has no pixels")
            }
            return pixels
        }
        if let conversion = context.colorConversion, let profile, Self.isCMYKProfile(profile),
            let converted = try? conversion.convertToSRGB(pixels, from: .icc(profile))
        {
            return converted
        }
        return try pixels.convertedToRGBAWithoutProfile()
    }

    /// Whether an ICC profile's header names CMYK as its colour space.
    private static func isCMYKProfile(_ profile: Data) -> Bool {
        profile.count >= 20 && profile.dropFirst(16).prefix(4).elementsEqual("CMYK".utf8)
    }
}
