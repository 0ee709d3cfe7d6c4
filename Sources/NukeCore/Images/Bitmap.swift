// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A decoded image: a rectangle of 8-bit pixels in copy-on-write storage.
///
/// `Bitmap` is what the pipeline passes between decoders, processors, caches and encoders; it
/// plays the role `UIImage` plays in Nuke on Apple platforms (``PlatformImage`` is an alias).
/// Rows are stored top to bottom; a row may be padded, so always step by ``bytesPerRow``.
///
/// Copies share storage until one of them is mutated, so passing bitmaps around is cheap.
public struct Bitmap: Sendable, Hashable, CustomStringConvertible {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The layout of each pixel.
    public let pixelFormat: PixelFormat
    /// The distance in bytes between the starts of two consecutive rows.
    public let bytesPerRow: Int
    /// The pixel bytes, `bytesPerRow × height` of them.
    public private(set) var pixels: [UInt8]
    /// Whether every pixel is fully opaque.
    ///
    /// Always `true` for formats without alpha. For ``PixelFormat/rgba8`` it is either given
    /// by the producer (a JPEG decoder knows) or computed once from the alpha channel.
    public let isOpaque: Bool

    /// Creates a bitmap from pixel bytes.
    ///
    /// - Parameters:
    ///   - width: The width in pixels (≥ 0).
    ///   - height: The height in pixels (≥ 0).
    ///   - pixelFormat: The layout of each pixel.
    ///   - bytesPerRow: The row stride; defaults to `width × bytesPerPixel`.
    ///   - pixels: The bytes; must hold at least `bytesPerRow × height` bytes.
    ///   - isOpaque: Pass it when known; `nil` scans the alpha channel.
    /// - Throws: ``BitmapError`` when the geometry is invalid or the buffer too small.
    public init(
        width: Int,
        height: Int,
        pixelFormat: PixelFormat,
        bytesPerRow: Int? = nil,
        pixels: [UInt8],
        isOpaque: Bool? = nil
    ) throws(BitmapError) {
        let stride = bytesPerRow ?? width * pixelFormat.bytesPerPixel
        guard width >= 0, height >= 0 else {
            throw .invalidDimensions(width: width, height: height)
        }
        guard stride >= width * pixelFormat.bytesPerPixel else {
            throw .invalidBytesPerRow(stride)
        }
        let (required, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow, pixels.count >= required else {
            throw .bufferTooSmall(expected: required, actual: pixels.count)
        }
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.bytesPerRow = stride
        self.pixels = pixels
        self.isOpaque =
            !pixelFormat.hasAlpha
            || (isOpaque ?? Bitmap.scanOpaque(pixels, width: width, height: height, bytesPerRow: stride))
    }

    /// Creates a bitmap of the given size filled with one colour.
    ///
    /// - Parameters:
    ///   - width: The width in pixels.
    ///   - height: The height in pixels.
    ///   - pixelFormat: The layout of each pixel.
    ///   - fill: The bytes of one pixel (`[r, g, b, a]` or `[gray]`); zeroes by default.
    /// - Throws: ``BitmapError`` when the geometry is invalid or `fill` has the wrong length.
    public init(width: Int, height: Int, pixelFormat: PixelFormat, fill: [UInt8]? = nil) throws(BitmapError) {
        let bpp = pixelFormat.bytesPerPixel
        let fill = fill ?? [UInt8](repeating: 0, count: bpp)
        guard fill.count == bpp else {
            throw .bufferTooSmall(expected: bpp, actual: fill.count)
        }
        guard width >= 0, height >= 0 else {
            throw .invalidDimensions(width: width, height: height)
        }
        let (count, overflow) = (width * bpp).multipliedReportingOverflow(by: height)
        guard !overflow else {
            throw .invalidDimensions(width: width, height: height)
        }
        var pixels = [UInt8](repeating: 0, count: count)
        if fill.contains(where: { $0 != 0 }) {
            for offset in Swift.stride(from: 0, to: count, by: bpp) {
                for channel in 0..<bpp { pixels[offset + channel] = fill[channel] }
            }
        }
        try self.init(
            width: width,
            height: height,
            pixelFormat: pixelFormat,
            pixels: pixels,
            isOpaque: !pixelFormat.hasAlpha || fill[bpp - 1] == 255
        )
    }

    /// The number of pixels, `width × height`.
    public var pixelCount: Int { width * height }

    /// The number of bytes the pixels occupy, `bytesPerRow × height`.
    public var byteCount: Int { bytesPerRow * height }

    /// Reads the bytes of the pixel at (`x`, `y`): four for RGBA, one for gray.
    public func pixel(x: Int, y: Int) -> [UInt8] {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the bitmap")
        let offset = y * bytesPerRow + x * pixelFormat.bytesPerPixel
        return Array(pixels[offset..<offset + pixelFormat.bytesPerPixel])
    }

    /// Calls `body` with the raw pixel bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try pixels.withUnsafeBytes(body)
    }

    /// Calls `body` with the mutable pixel bytes, copying shared storage first.
    public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try pixels.withUnsafeMutableBytes(body)
    }

    /// A short description such as `Bitmap(640×480 rgba8)`.
    public var description: String {
        "Bitmap(\(width)×\(height) \(pixelFormat)\(isOpaque ? "" : " alpha"))"
    }

    private static func scanOpaque(_ pixels: [UInt8], width: Int, height: Int, bytesPerRow: Int) -> Bool {
        pixels.withUnsafeBufferPointer { buffer in
            for row in 0..<height {
                var offset = row * bytesPerRow + 3
                for _ in 0..<width {
                    if buffer[offset] != 255 { return false }
                    offset += 4
                }
            }
            return true
        }
    }
}

/// The name Nuke uses for the image type; on Linux it is ``Bitmap``.
public typealias PlatformImage = Bitmap

/// Why a ``Bitmap`` could not be created.
public enum BitmapError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Width or height is negative or their product overflows.
    case invalidDimensions(width: Int, height: Int)
    /// The row stride is shorter than a row of pixels.
    case invalidBytesPerRow(Int)
    /// The pixel buffer holds fewer bytes than the geometry needs.
    case bufferTooSmall(expected: Int, actual: Int)
    /// A rectangle asked of the bitmap is empty or does not lie inside it.
    case rectangleOutsideImage(x: Int, y: Int, width: Int, height: Int)

    /// A sentence describing the problem.
    public var description: String {
        switch self {
        case let .invalidDimensions(width, height): "Invalid bitmap dimensions \(width)×\(height)"
        case let .invalidBytesPerRow(stride): "Bytes per row \(stride) is shorter than one row of pixels"
        case let .bufferTooSmall(expected, actual): "Pixel buffer has \(actual) bytes, \(expected) needed"
        case let .rectangleOutsideImage(x, y, width, height):
            "The rectangle (\(x), \(y), \(width), \(height)) is empty or outside the bitmap"
        }
    }
}
