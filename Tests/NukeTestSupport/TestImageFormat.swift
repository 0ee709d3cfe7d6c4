// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A tiny image format for tests, so the pipeline can be tested without any C library.
///
/// Layout (big-endian): `NUKETEST` (8 bytes), width (UInt16), height (UInt16), pixel format
/// (UInt8: 0 RGBA, 1 gray), fill colour (4 bytes), total file length (UInt32), then filler bytes
/// up to the total length. The decoded image is filled with the colour. A file shorter than its
/// declared length is truncated; a partial download decodes to a preview once the header is in.
public enum TestImageFormat {
    /// The format's asset type.
    public static let assetType: AssetType = "nuke-test"
    /// The magic bytes every file starts with.
    public static let magic = Array("NUKETEST".utf8)
    /// The format's description for a registry.
    public static let format = ImageFormat(
        assetType,
        mimeTypes: ["image/x-nuke-test"],
        fileExtensions: ["nuketest"],
        sniffer: .magic(magic)
    )
    /// The header's length in bytes.
    public static let headerLength = 21

    /// Encodes a test image.
    ///
    /// - Parameters:
    ///   - width: Width in pixels (≤ 65,535).
    ///   - height: Height in pixels (≤ 65,535).
    ///   - color: RGBA fill colour; for gray only the first byte counts.
    ///   - pixelFormat: RGBA or gray.
    ///   - byteCount: The file's total length (padded with filler); at least the header.
    public static func make(
        width: Int = 640,
        height: Int = 480,
        color: [UInt8] = [200, 100, 50, 255],
        pixelFormat: PixelFormat = .rgba8,
        byteCount: Int = 22_789
    ) -> Data {
        var bytes = magic
        bytes += [UInt8(width >> 8), UInt8(width & 0xFF), UInt8(height >> 8), UInt8(height & 0xFF)]
        bytes.append(pixelFormat == .rgba8 ? 0 : 1)
        bytes += color.prefix(4) + [UInt8](repeating: 255, count: max(0, 4 - color.count))
        let total = max(byteCount, headerLength)
        bytes += [UInt8(total >> 24 & 0xFF), UInt8(total >> 16 & 0xFF), UInt8(total >> 8 & 0xFF), UInt8(total & 0xFF)]
        bytes += (0..<(total - headerLength)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        return Data(bytes)
    }

    /// The header fields of a test image.
    public struct Header: Sendable, Equatable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// Pixel format.
        public var pixelFormat: PixelFormat
        /// Fill colour.
        public var color: [UInt8]
        /// Declared total length.
        public var byteCount: Int
    }

    /// Parses the header, or returns `nil` if the data is not a (complete) header.
    public static func header(of data: Data) -> Header? {
        guard data.count >= headerLength else { return nil }
        let bytes = [UInt8](data.prefix(headerLength))
        guard Array(bytes[0..<8]) == magic else { return nil }
        let width = Int(bytes[8]) << 8 | Int(bytes[9])
        let height = Int(bytes[10]) << 8 | Int(bytes[11])
        let format: PixelFormat = bytes[12] == 1 ? .gray8 : .rgba8
        let total = Int(bytes[17]) << 24 | Int(bytes[18]) << 16 | Int(bytes[19]) << 8 | Int(bytes[20])
        return Header(width: width, height: height, pixelFormat: format, color: Array(bytes[13..<17]), byteCount: total)
    }
}

/// Decodes ``TestImageFormat``, honouring thumbnail options, shrink-on-load (to exactly the
/// smallest size the processors accept, as a decoder that scales to any size) and the pixel limit.
public struct TestImageDecoder: ImageDecoding {
    private let context: ImageDecodingContext

    /// Creates a decoder for a download.
    public init(context: ImageDecodingContext) {
        self.context = context
    }

    /// Decodes a complete file.
    public func decode(_ data: Data) throws -> ImageContainer {
        guard data.starts(with: TestImageFormat.magic) else { throw ImageDecodingError.unrecognizedFormat }
        guard let header = TestImageFormat.header(of: data), data.count >= header.byteCount else {
            throw ImageDecodingError.truncated
        }
        return try makeContainer(header, isPreview: false)
    }

    /// The full image's bytes, from the header (before shrinking: an upper bound).
    public func estimatedMemory(for data: Data) -> Int? {
        TestImageFormat.header(of: data).map { $0.width * $0.height * $0.pixelFormat.bytesPerPixel }
    }

    /// Decodes a preview once the header has arrived.
    public func decodePartiallyDownloadedData(_ data: Data) -> ImageContainer? {
        guard let header = TestImageFormat.header(of: data) else { return nil }
        return try? makeContainer(header, isPreview: true)
    }

    private func makeContainer(_ header: TestImageFormat.Header, isPreview: Bool) throws -> ImageContainer {
        guard header.width > 0, header.height > 0 else {
            throw ImageDecodingError.corrupt(reason: "zero dimension \(header.width)×\(header.height)")
        }
        guard header.width * header.height <= context.maximumPixelCount else {
            throw ImageDecodingError.imageTooLarge(
                width: header.width,
                height: header.height,
                limit: context.maximumPixelCount
            )
        }
        let size =
            context.minimumDecodedSize(width: header.width, height: header.height)
            ?? context.targetSize(width: header.width, height: header.height)
        let fill = header.pixelFormat == .rgba8 ? header.color : [header.color[0]]
        let image = try Bitmap(width: size.width, height: size.height, pixelFormat: header.pixelFormat, fill: fill)
        let container = ImageContainer(image: image, type: TestImageFormat.assetType, isPreview: isPreview)
        return context.shrunk(container, originalWidth: header.width, originalHeight: header.height)
    }
}

/// Encodes bitmaps as ``TestImageFormat`` (size, format and the first pixel's colour).
public struct TestImageEncoder: ImageEncoding {
    /// Creates the encoder.
    public init() {}

    /// Encodes `image`.
    public func encode(_ image: Bitmap) throws -> Data {
        guard image.width <= 65_535, image.height <= 65_535 else {
            throw ImageEncodingError.unsupportedImage(reason: "larger than 65,535 pixels")
        }
        let color = image.pixelCount > 0 ? image.pixel(x: 0, y: 0) : [0, 0, 0, 0]
        let rgba = image.pixelFormat == .gray8 ? [color[0], color[0], color[0], 255] : color
        return TestImageFormat.make(
            width: image.width,
            height: image.height,
            color: rgba,
            pixelFormat: image.pixelFormat,
            byteCount: TestImageFormat.headerLength
        )
    }
}

/// Registers the test format (recognised by its magic bytes, `image/x-nuke-test`, `.nuketest`),
/// its decoder and its encoder.
public struct TestImagePlugin: NukePlugin {
    /// Creates the plugin.
    public init() {}

    /// `nuke.test-image`.
    public var id: PluginID { "nuke.test-image" }

    /// Registers the decoder and the encoder (for the test type and for JPEG/PNG, so
    /// `ImageEncoders.Default` finds it).
    public func register(in registry: inout PluginRegistry) {
        registry.register(TestImageFormat.format)
        registry.register(Capabilities.Decoding.self, id: "nuke.test-image.decoder", for: [TestImageFormat.assetType]) {
            TestImageDecoder(context: $0)
        }
        registry.register(
            Capabilities.Encoding.self,
            id: "nuke.test-image.encoder",
            for: [TestImageFormat.assetType, .jpeg, .png],
            TestImageEncoder()
        )
    }
}
