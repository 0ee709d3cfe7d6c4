// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImageFormat {
    /// The formats every ``PluginRegistry`` knows from the start, in the order they are asked:
    /// JPEG, PNG, GIF, WebP, HEIC, AVIF, MP4, M4V, QuickTime, JPEG 2000, JPEG XL, ICO, TIFF (BigTIFF too), BMP.
    ///
    /// Knowing a format is not decoding it: the decoders come from plugins.
    public static let builtIn: [ImageFormat] = [
        ImageFormat(
            .jpeg,
            mimeTypes: ["image/jpeg", "image/jpg", "image/pjpeg"],
            fileExtensions: ["jpg", "jpeg", "jpe", "jfif"],
            sniffer: .magic([0xFF, 0xD8, 0xFF])
        ),
        ImageFormat(
            .png,
            mimeTypes: ["image/png", "image/apng"],
            fileExtensions: ["png", "apng"],
            sniffer: .magic([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        ),
        ImageFormat(
            .gif,
            mimeTypes: ["image/gif"],
            fileExtensions: ["gif"],
            sniffer: .anyOf(.magic("GIF87a"), .magic("GIF89a"))
        ),
        ImageFormat(
            .webp,
            mimeTypes: ["image/webp"],
            fileExtensions: ["webp"],
            sniffer: .allOf(.magic("RIFF"), .magic("WEBP", at: 8))
        ),
        ImageFormat(
            .heic,
            mimeTypes: ["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"],
            fileExtensions: ["heic", "heif", "hif"],
            sniffer: .isoMediaBrands(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"])
        ),
        ImageFormat(
            .avif,
            mimeTypes: ["image/avif"],
            fileExtensions: ["avif"],
            sniffer: .isoMediaBrands(["avif", "avis"])
        ),
        ImageFormat(
            .mp4,
            mimeTypes: ["video/mp4"],
            fileExtensions: ["mp4"],
            sniffer: .isoMediaBrands(["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "mmp4", "avc1", "dash"])
        ),
        ImageFormat(
            .m4v,
            mimeTypes: ["video/x-m4v"],
            fileExtensions: ["m4v"],
            sniffer: .isoMediaBrands(["M4V ", "M4VH", "M4VP"])
        ),
        ImageFormat(
            .mov,
            mimeTypes: ["video/quicktime"],
            fileExtensions: ["mov", "qt"],
            sniffer: .isoMediaBrands(["qt  "])
        ),
        ImageFormat(
            .jpeg2000,
            mimeTypes: ["image/jp2", "image/jpx"],
            fileExtensions: ["jp2", "jpx", "j2k"],
            sniffer: .anyOf(
                .magic([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]),
                .magic([0xFF, 0x4F, 0xFF, 0x51])
            )
        ),
        ImageFormat(
            .jxl,
            mimeTypes: ["image/jxl"],
            fileExtensions: ["jxl"],
            sniffer: .anyOf(
                .magic([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]),
                .magic([0xFF, 0x0A])
            )
        ),
        ImageFormat(
            .ico,
            mimeTypes: ["image/x-icon", "image/vnd.microsoft.icon"],
            fileExtensions: ["ico", "cur"],
            sniffer: .anyOf(.magic([0x00, 0x00, 0x01, 0x00]), .magic([0x00, 0x00, 0x02, 0x00]))  // icons, cursors
        ),
        ImageFormat(
            .tiff,
            mimeTypes: ["image/tiff"],
            fileExtensions: ["tiff", "tif"],
            sniffer: .anyOf(.magic("II*\u{0}"), .magic("MM\u{0}*"), .magic("II+\u{0}"), .magic("MM\u{0}+"))
        ),
        ImageFormat(.bmp, mimeTypes: ["image/bmp", "image/x-ms-bmp"], fileExtensions: ["bmp"], sniffer: .magic("BM")),
    ]
}
