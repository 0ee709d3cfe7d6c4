// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeSVG
public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Writes an SVG document again with only what draws, for serving SVG as SVG: an allow-list,
/// so what is not known to be inert is left out.
///
/// - Kept: SVG's shapes, text, groups, `use`, gradients, patterns, clips, masks, markers, filter
///   primitives, `a`, `title`, `desc` and `style`, each with its attributes but event handlers.
/// - Left out: scripts, `foreignObject` (and so HTML, iframes, forms), animations (`animate`,
///   `set`…, which can set an `href`), elements of other namespaces, the DTD, comments and
///   processing instructions (`xml-stylesheet`).
/// - References stay inside the document: `href` only to `#…` (and `data:` PNG, JPEG, GIF,
///   WebP and AVIF images in `image` and `feImage`), `url()` only to `#…`, in attributes and
///   style sheets alike; a style sheet or `style` attribute with anything else that loads or
///   runs (`@import` or any at-rule but `@media`, a function other than colours, transforms and
///   `calc`/`var`/`min`/`max`/`clamp`, escapes) is left out whole; values with `javascript:`
///   or `data:` go.
/// - libxml2 parses with no network, no external entity and no DTD loaded; internal entities
///   are written as text when they hold no markup, else left out, and the result may not pass
///   ``maximumSize(for:)``, so entity expansion cannot make it large.
public struct SVGSanitizer: Sendable {
    /// Creates a sanitiser.
    public init() {}

    /// The largest result for a document of `byteCount` bytes: four times its size and 64 KB.
    public func maximumSize(for byteCount: Int) -> Int {
        byteCount.multipliedReportingOverflow(by: 4).partialValue.addingReportingOverflow(65536).partialValue
    }

    /// The sanitised document, UTF-8 with an XML declaration.
    ///
    /// - Throws: `ImageDecodingError.corrupt(reason:)` for data libxml2 cannot parse,
    ///   `.unrecognizedFormat` when the root is not an `svg` element in SVG's namespace, and
    ///   `.unsupported(reason:)` when entities would make it pass ``maximumSize(for:)``.
    public func sanitize(_ data: Data) throws(ImageDecodingError) -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: Int(NUKE_SVG_MESSAGE_SIZE))
        let limit = maximumSize(for: data.count)
        let status = data.withUnsafeBytes { bytes in
            nuke_svg_sanitize(
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                bytes.count,
                limit,
                &output,
                &size,
                &message
            )
        }
        switch status {
        case NUKE_SVG_OK:
            guard let output else { throw .corrupt(reason: "SVG: nothing written") }
            return Data(bytesNoCopy: output, count: size, deallocator: .custom { pointer, _ in nuke_svg_free(pointer) })
        case NUKE_SVG_NOT_SVG:
            throw .unrecognizedFormat
        case NUKE_SVG_TOO_LARGE:
            throw .unsupported(reason: "SVG: sanitised, the document would pass \(limit) bytes")
        case NUKE_SVG_NO_MEMORY:
            throw .unsupported(reason: "SVG: out of memory")
        default:
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .corrupt(reason: "SVG: \(reason)")
        }
    }
}
