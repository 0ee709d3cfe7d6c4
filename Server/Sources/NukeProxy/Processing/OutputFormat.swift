// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke

/// The formats the proxy writes.
public enum OutputFormat: String, Hashable, Sendable, CaseIterable {
    /// JPEG (`jpg`, `jpeg`).
    case jpeg
    /// PNG.
    case png
    /// WebP.
    case webp
    /// AVIF.
    case avif
    /// GIF, animated when the result is (last: results in the cache are tagged with the case's
    /// index, so new cases go at the end).
    case gif

    /// The format an extension or `f` option names (`jpg`, `jpeg`, `png`, `webp`, `avif`, `gif`,
    /// any case).
    public init?(name: String) {
        switch name.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        case "avif": self = .avif
        case "gif": self = .gif
        default: return nil
        }
    }

    /// The names ``init(name:)`` reads, for error messages, which also say that imgproxy's other
    /// result formats are not written here yet (a URL asking for one is refused, not answered in
    /// another format).
    static let names = "jpg, png, webp, avif or gif (heic, jxl, tiff, bmp and ico results are not written yet)"

    /// Whether a result of more than one frame stays animated in this format: WebP and GIF.
    /// AVIF gives the first frame: an AVIF sequence costs several times an animated WebP to
    /// encode, too much for a request.
    var keepsAnimation: Bool { self == .webp || self == .gif }

    /// The `Content-Type`.
    public var mediaType: String { "image/\(rawValue)" }

    /// Whether ``encoder(quality:)``'s quality changes the result (JPEG, WebP, AVIF).
    var isLossy: Bool { self == .jpeg || self == .webp || self == .avif }

    /// The file name extension: `jpg` for JPEG, else the format's name.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// An encoder at `quality` (1–100; PNG and GIF ignore it).
    func encoder(quality: Int) -> any ImageEncoding {
        let fraction = Double(quality) / 100
        return switch self {
        case .jpeg: JPEGEncoder(quality: fraction)
        case .png: PNGEncoder()
        case .webp: WebPEncoder(mode: .lossy(quality: fraction))
        case .avif: AVIFEncoder(mode: .lossy(quality: fraction))
        case .gif: GIFEncoder()
        }
    }

    /// The format for a result when none was asked for: WebP when the client's `Accept` lists
    /// `image/webp` and negotiation is on; else the source's own format where it can be written
    /// (JPEG, WebP, AVIF, GIF; JPEG for HEIC and JPEG XL photos), PNG for the rest and for JPEG,
    /// HEIC or JPEG XL sources with transparency.
    static func negotiated(accept: String?, source: AssetType?, isOpaque: Bool, prefersWebP: Bool) -> OutputFormat {
        if prefersWebP, let accept, accepts(accept, "image/webp") { return .webp }
        switch source {
        case .jpeg?, .heic?, .jxl?: return isOpaque ? .jpeg : .png
        case .webp?: return .webp
        case .avif?: return .avif
        case .gif?: return .gif
        default: return .png
        }
    }

    /// The asset type of results in this format.
    var assetType: AssetType {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        case .webp: .webp
        case .avif: .avif
        case .gif: .gif
        }
    }

    /// The format a source of `type` is written in, when it is one of these.
    init?(sourceType type: AssetType) {
        switch type {
        case .jpeg: self = .jpeg
        case .png: self = .png
        case .webp: self = .webp
        case .avif: self = .avif
        case .gif: self = .gif
        default: return nil
        }
    }

    /// Whether an `Accept` header lists `mediaType` with a non-zero quality.
    static func accepts(_ accept: String, _ mediaType: String) -> Bool {
        accept.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.first?.lowercased() == mediaType else { return false }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
            return (quality ?? 1) > 0
        }
    }
}
