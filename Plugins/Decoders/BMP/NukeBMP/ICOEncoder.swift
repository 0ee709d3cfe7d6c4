// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Encodes a bitmap as an icon (ICO) of one image stored as PNG, as every reader since Windows
/// Vista, every browser and imgproxy's results have it. Icons are at most 256 pixels a side.
public struct ICOEncoder: ImageEncoding {
    /// The largest width or height an icon can have.
    public static let maximumSide = 256

    private let png: any ImageEncoding

    /// Creates an encoder that writes the image inside with `png`, a PNG encoder.
    public init(png: any ImageEncoding) {
        self.png = png
    }

    /// Encodes `image`.
    ///
    /// - Throws: `ImageEncodingError.unsupportedImage(reason:)` for an empty image or one over
    ///   ``maximumSide``; the PNG encoder's errors.
    public func encode(_ image: Bitmap) throws -> Data {
        guard (1...Self.maximumSide).contains(image.width), (1...Self.maximumSide).contains(image.height) else {
            throw ImageEncodingError.unsupportedImage(
                reason: "\(image.width)×\(image.height) cannot be an icon (at most \(Self.maximumSide) a side)"
            )
        }
        let inner = try png.encode(image)
        // ICONDIR: reserved, type 1 (icon), one image; then its entry: width and height (0 for
        // 256), no palette, reserved, one plane, 32 bits a pixel, the PNG's size and offset.
        var file: [UInt8] = [0, 0, 1, 0, 1, 0]
        file += [UInt8(image.width % 256), UInt8(image.height % 256), 0, 0]
        file += .littleEndian(1, size: 2) + .littleEndian(32, size: 2)
        file += .littleEndian(inner.count, size: 4) + .littleEndian(6 + 16, size: 4)
        return Data(file) + inner
    }
}
