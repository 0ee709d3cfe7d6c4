// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Rasterises SVG with librsvg (and cairo), at the size the request needs: a thumbnail's size
/// (larger than the document's too), the smallest size the processors need (shrink-on-load),
/// else the document's own size at 96 dpi — a vector is rendered at that size, never rendered
/// larger and resampled.
///
/// - Nothing outside the document is ever loaded: it is parsed with no base file, so librsvg
///   resolves only `data:` URLs — no files, no `http` or `https` (images, `use`, CSS imports,
///   filters' images).
/// - libxml2 keeps its limits on entity expansion; the output size is checked against the pixel
///   limit before a pixel is allocated, whatever size the document declares.
/// - Pixels come out as straight-alpha RGBA in sRGB; a document without a size in absolute
///   units and without a viewBox is refused as `unsupported`.
public final class SVGDecoder: ImageDecoding {
    private let context: ImageDecodingContext

    /// Creates a decoder for one download.
    public init(context: ImageDecodingContext) {
        self.context = context
    }

    /// Renders complete data.
    public func decode(_ data: Data) throws -> ImageContainer {
        guard SVGPlugin.looksLikeSVG(data) else { throw ImageDecodingError.unrecognizedFormat }
        let document = try SVGDocument(data: data)
        let (fullWidth, fullHeight) = Self.pixels(document.width, document.height)
        let (width, height) = renderedSize(fullWidth: fullWidth, fullHeight: fullHeight)
        guard width * height <= context.maximumPixelCount else {
            throw ImageDecodingError.imageTooLarge(width: width, height: height, limit: context.maximumPixelCount)
        }
        let container = ImageContainer(image: try document.render(width: width, height: height), type: .svg)
        return context.shrunk(container, originalWidth: fullWidth, originalHeight: fullHeight)
    }

    /// The rendered pixels, from the parsed document's size; `nil` when it cannot be parsed or is
    /// past the pixel limit, which the decode refuses.
    public func estimatedMemory(for data: Data) -> Int? {
        guard SVGPlugin.looksLikeSVG(data), let document = try? SVGDocument(data: data) else { return nil }
        let (fullWidth, fullHeight) = Self.pixels(document.width, document.height)
        let (width, height) = renderedSize(fullWidth: fullWidth, fullHeight: fullHeight)
        guard width * height <= context.maximumPixelCount else { return nil }
        return width * height * 4
    }

    /// The size to render at: a thumbnail's box may be larger than the document, which a vector
    /// fills (the thumbnail's size is found for the document scaled up far past any box).
    private func renderedSize(fullWidth: Int, fullHeight: Int) -> (width: Int, height: Int) {
        if context.request.thumbnail != nil {
            let scale = max(1, (1 << 20) / max(fullWidth, fullHeight))
            return context.targetSize(width: fullWidth * scale, height: fullHeight * scale)
        }
        return context.minimumDecodedSize(width: fullWidth, height: fullHeight) ?? (fullWidth, fullHeight)
    }

    /// Whole pixels, at least one, saturated far past any pixel limit.
    private static func pixels(_ width: Double, _ height: Double) -> (Int, Int) {
        func whole(_ value: Double) -> Int { Int(min(max(value.rounded(.up), 1), Double(1 << 30))) }
        return (whole(width), whole(height))
    }
}
