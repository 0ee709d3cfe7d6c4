// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeSVG
internal import NukeCore
internal import NukeImaging

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// An SVG document parsed by librsvg, with no base file: nothing outside it is ever read. Used by
/// one thread at a time.
final class SVGDocument {
    private let svg: OpaquePointer
    /// The document's size in pixels at 96 dpi (its viewBox's when its size is relative).
    let width: Double
    let height: Double

    init(data: Data) throws(ImageDecodingError) {
        var svg: OpaquePointer?
        var (width, height) = (0.0, 0.0)
        var message = [CChar](repeating: 0, count: Int(NUKE_SVG_MESSAGE_SIZE))
        let status = data.withUnsafeBytes { bytes in
            nuke_svg_open(
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                bytes.count,
                &svg,
                &width,
                &height,
                &message
            )
        }
        guard status == NUKE_SVG_OK, let svg else { throw Self.error(status, message) }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            nuke_svg_close(svg)
            throw .corrupt(reason: "SVG: a size of \(width)×\(height)")
        }
        (self.svg, self.width, self.height) = (svg, width, height)
    }

    deinit {
        nuke_svg_close(svg)
    }

    /// The whole document scaled into `width × height` pixels, straight-alpha RGBA.
    func render(width: Int, height: Int) throws -> Bitmap {
        try Bitmap(width: width, height: height, pixelFormat: .rgba8) { pixels in
            pixels.initialize(repeating: 0)
            var message = [CChar](repeating: 0, count: Int(NUKE_SVG_MESSAGE_SIZE))
            let status = nuke_svg_render(svg, pixels.baseAddress, Int32(width), Int32(height), &message)
            guard status == NUKE_SVG_OK else { throw Self.error(status, message) }
            Self.straightenBGRA(pixels)
        }
    }

    /// Cairo's premultiplied BGRA (ARGB32 in little-endian order) as straight RGBA.
    private static func straightenBGRA(_ pixels: UnsafeMutableBufferPointer<UInt8>) {
        for index in stride(from: 0, to: pixels.count, by: 4) { pixels.swapAt(index, index + 2) }
        pixels.unpremultiplyRGBA()
    }

    private static func error(_ status: Int32, _ message: [CChar]) -> ImageDecodingError {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case NUKE_SVG_NO_SIZE: return .unsupported(reason: "SVG: \(text)")
        case NUKE_SVG_NO_MEMORY: return .corrupt(reason: "SVG: out of memory \(text)")
        default: return .corrupt(reason: "SVG: \(text)")
        }
    }
}
