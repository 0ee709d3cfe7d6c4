// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Asks the decoder for a downscaled image instead of the full one.
///
/// Decoders that can scale while decoding (libjpeg-turbo's DCT scaling, libwebp) do so, which is
/// much faster and lighter than decoding in full and resizing.
public struct ThumbnailOptions: Hashable, Sendable {
    enum Target: Hashable, Sendable {
        case maxPixelSize(Double)
        /// The size in pixels.
        case size(ImageSize, ImageProcessingOptions.ContentMode)
    }

    let target: Target

    /// Create a thumbnail even if the file embeds none (always the case on Linux decoders).
    public var createThumbnailFromImageIfAbsent = true
    /// Create the thumbnail from the full image even if the file embeds one. Off, a decoder that
    /// reads embedded thumbnails (NukeHEIF) uses the file's largest one whatever its size, as
    /// Apple's ImageIO does; other decoders make it from the image as before.
    public var createThumbnailFromImageAlways = true
    /// Rotate and flip the thumbnail according to its EXIF orientation.
    public var createThumbnailWithTransform = true
    /// Decode at once rather than lazily (decoding is always eager here; kept for keys).
    public var shouldCacheImmediately = true

    /// Limits the longer side of the image to `maxPixelSize` pixels.
    public init(maxPixelSize: Double) {
        self.target = .maxPixelSize(Double(Float(maxPixelSize)))
    }

    /// Fits or fills `size` (in `unit`s, converted to pixels at once) according to `contentMode`.
    public init(
        size: ImageSize,
        unit: ImageProcessingOptions.Unit = .points,
        contentMode: ImageProcessingOptions.ContentMode = .aspectFill
    ) {
        let pixels = ImageSize(width: unit.pixels(size.width), height: unit.pixels(size.height))
        self.target = .size(pixels, contentMode)
    }

    /// The longest side in pixels, when created with ``init(maxPixelSize:)``.
    public var maxPixelSize: Double? {
        if case .maxPixelSize(let value) = target { value } else { nil }
    }

    /// Computes the size, in pixels, of the thumbnail of an image `width × height` pixels.
    ///
    /// Never upscales; keeps the aspect ratio; each side is at least 1 pixel.
    ///
    /// - Parameters:
    ///   - width: The full image's width in pixels.
    ///   - height: The full image's height in pixels.
    public func targetPixelSize(width: Int, height: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (width, height) }
        let factor: Double
        switch target {
        case .maxPixelSize(let maxSize):
            factor = maxSize / Double(max(width, height))
        case let .size(size, contentMode):
            let horizontal = size.width / Double(width)
            let vertical = size.height / Double(height)
            factor = contentMode == .aspectFill ? max(horizontal, vertical) : min(horizontal, vertical)
        }
        guard factor.isFinite, factor < 1 else { return (width, height) }
        let scaledWidth = max(1, Int((Double(width) * factor).rounded()))
        let scaledHeight = max(1, Int((Double(height) * factor).rounded()))
        return (scaledWidth, scaledHeight)
    }

    /// The identifier that becomes part of disk-cache keys, identical to Nuke's so caches carry over:
    /// `com.github/kean/nuke/thumbnail?maxPixelSize=…` or `…?width=…,height=…,contentMode=…`
    /// (sizes in pixels), then `,options=` and the four flags.
    public var identifier: String {
        let flags = [
            createThumbnailFromImageIfAbsent, createThumbnailFromImageAlways,
            createThumbnailWithTransform, shouldCacheImmediately,
        ].map(String.init).joined()
        switch target {
        case .maxPixelSize(let value):
            return "com.github/kean/nuke/thumbnail?maxPixelSize=\(Float(value)),options=\(flags)"
        case let .size(size, contentMode):
            return
                "com.github/kean/nuke/thumbnail?width=\(size.width),height=\(size.height),"
                + "contentMode=\(contentMode),options=\(flags)"
        }
    }
}
