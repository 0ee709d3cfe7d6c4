// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import ArgumentParser
import Nuke

/// The formats `--format` writes; `jpg` is a name for `jpeg` and `tif` for `tiff`, in any case.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case jpeg
    case png
    case webp
    case avif
    case jxl
    case gif
    case heic
    case tiff
    case bmp
    case ico

    init?(argument: String) {
        self.init(name: argument)
    }

    /// The format named `name` (`jpeg`, `jpg`, `png`, `webp`, `avif`, `jxl`, `gif`, `heic`,
    /// `tiff`, `tif`, `bmp`, `ico`, in any case).
    init?(name: String) {
        let aliases = ["jpg": OutputFormat.jpeg, "tif": .tiff]
        let name = name.lowercased()
        guard let format = aliases[name] ?? OutputFormat(rawValue: name) else { return nil }
        self = format
    }

    /// The format a file name's extension names (`a.JPG`, `b.webp`), if any.
    init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        self.init(name: String(fileName[fileName.index(after: dot)...]))
    }

    static var allValueStrings: [String] {
        ["jpeg", "jpg", "png", "webp", "avif", "jxl", "gif", "heic", "tiff", "tif", "bmp", "ico"]
    }

    /// The format to write a processed image of `type` in when none is asked for: its own when it
    /// can be written whatever its size, else PNG (a GIF's first frame, an icon larger than
    /// 256 px, a HEIC where libheif has no encoder).
    static func matching(_ type: AssetType?) -> OutputFormat {
        switch type {
        case .jpeg?: .jpeg
        case .webp?: .webp
        case .avif?: .avif
        case .jxl?: .jxl
        case .heic? where HEICEncoder.isAvailable: .heic
        case .tiff?: .tiff
        case .bmp?: .bmp
        default: .png
        }
    }

    /// The file extension.
    var fileExtension: String {
        AssetType(rawValue: rawValue).fileExtension
    }

    /// Whether the format's encoder writes animations (WebP, GIF, AVIF); the others write a first
    /// frame.
    var writesAnimations: Bool { [.webp, .gif, .avif].contains(self) }

    /// An encoder at `quality` (0–100; PNG, GIF, TIFF, BMP and ICO are lossless and ignore it).
    func encoder(quality: Int) -> any ImageEncoding {
        let fraction = Double(quality) / 100
        return switch self {
        case .jpeg: JPEGEncoder(quality: fraction)
        case .png: PNGEncoder()
        case .webp: WebPEncoder(mode: .lossy(quality: fraction))
        case .avif: AVIFEncoder(mode: .lossy(quality: fraction))
        case .jxl: JXLEncoder(mode: .lossy(distance: JXLEncoder.distance(forQuality: quality)))
        case .gif: GIFEncoder()
        case .heic: HEICEncoder(quality: fraction)
        case .tiff: TIFFEncoder()
        case .bmp: BMPEncoder()
        case .ico: ICOEncoder(png: PNGEncoder())
        }
    }
}

extension AssetType {
    /// The usual file extension: `jpg` for JPEG, else the type's name.
    var fileExtension: String {
        self == .jpeg ? "jpg" : rawValue
    }
}
