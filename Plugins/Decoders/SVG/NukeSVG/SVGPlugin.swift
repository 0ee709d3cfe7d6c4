// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeSVG
public import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

extension AssetType {
    /// SVG, which ``SVGPlugin`` registers (not one of NukeCore's built-in formats).
    public static let svg: AssetType = "svg"
}

/// Registers the SVG format (`image/svg+xml`, `.svg`, documents whose first element is `<svg`)
/// and NukeSVG's decoder, which rasterises it with librsvg.
public struct SVGPlugin: NukePlugin {
    /// The SVG format: its MIME type, its extension, and an XML document whose root is `<svg`.
    public static let format = ImageFormat(
        .svg,
        mimeTypes: ["image/svg+xml"],
        fileExtensions: ["svg"],
        sniffer: ImageFormat.Sniffer { looksLikeSVG($0) }
    )

    /// Creates the plugin.
    public init() {}

    /// `nuke.svg`.
    public var id: PluginID { "nuke.svg" }

    /// Registers the format and the decoder factory.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Self.format, id: "nuke.svg.format")
        registry.register(Capabilities.Decoding.self, id: "nuke.svg.decoder", for: [.svg]) { context in
            SVGDecoder(context: context)
        }
    }

    /// The version of the librsvg loaded at run time, such as `"2.54.7"`.
    public static var libraryVersion: String {
        let version = nuke_svg_library_version()
        return "\(version / 10000).\(version / 100 % 100).\(version % 100)"
    }

    /// Whether `data` starts as an SVG document does: after a byte-order mark and white space,
    /// an XML declaration, comments and a doctype at most, the first element is `<svg`, all within
    /// the first 4 KiB.
    static func looksLikeSVG(_ data: Data) -> Bool {
        var text = Substring(String(decoding: data.prefix(4096), as: UTF8.self))
        text = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        while text.hasPrefix("<?") || text.hasPrefix("<!") {
            let end = text.hasPrefix("<!--") ? "-->" : ">"
            guard let close = text.firstRange(of: end) else { return false }
            text = text[close.upperBound...].drop { $0.isWhitespace }
        }
        return text.hasPrefix("<svg") && text.dropFirst(4).first.map { $0.isWhitespace || $0 == ">" } == true
    }
}
