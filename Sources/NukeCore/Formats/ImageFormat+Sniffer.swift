// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ImageFormat {
    /// Recognises a format from the first bytes of a file: magic bytes, ISO-BMFF brands, or any
    /// predicate.
    ///
    /// Sniffers see whatever data there is (the first bytes of a download, or a whole file), so
    /// they must answer `false`, never crash, on data too short to tell.
    public struct Sniffer: Sendable {
        private let predicate: @Sendable (Data) -> Bool

        /// Creates a sniffer from a predicate over the data.
        public init(_ predicate: @escaping @Sendable (Data) -> Bool) {
            self.predicate = predicate
        }

        /// `true` if the data looks like the format.
        public func matches(_ data: Data) -> Bool {
            predicate(data)
        }

        /// Matches data carrying `signature` at `offset`.
        public static func magic(_ signature: [UInt8], at offset: Int = 0) -> Sniffer {
            Sniffer { data in
                data.count >= offset + signature.count
                    && data.dropFirst(offset).prefix(signature.count).elementsEqual(signature)
            }
        }

        /// Matches data carrying the UTF-8 bytes of `signature` at `offset`.
        public static func magic(_ signature: String, at offset: Int = 0) -> Sniffer {
            magic(Array(signature.utf8), at: offset)
        }

        /// Matches data any of `sniffers` matches.
        public static func anyOf(_ sniffers: Sniffer...) -> Sniffer {
            Sniffer { data in sniffers.contains { $0.matches(data) } }
        }

        /// Matches data all of `sniffers` match.
        public static func allOf(_ sniffers: Sniffer...) -> Sniffer {
            Sniffer { data in sniffers.allSatisfy { $0.matches(data) } }
        }

        /// Matches ISO base media files (HEIF, AVIF, MP4…) whose `ftyp` box names one of `brands`
        /// as the major brand, or, when the major brand is a generic one (`mif1`, `msf1`), among
        /// the compatible brands.
        ///
        /// - Parameter brands: Four-character brands, such as `"avif"`.
        public static func isoMediaBrands(_ brands: Set<String>) -> Sniffer {
            Sniffer { data in
                guard let box = ISOMediaFileType(data) else { return false }
                if brands.contains(box.majorBrand) { return true }
                return ISOMediaFileType.genericBrands.contains(box.majorBrand)
                    && box.compatibleBrands.contains { brands.contains($0) }
            }
        }
    }
}

/// The `ftyp` box that opens an ISO base media file: its major and compatible brands.
struct ISOMediaFileType {
    /// Brands that say "an image file" without saying which coding.
    static let genericBrands: Set<String> = ["mif1", "msf1", "miaf"]
    /// The most compatible brands read (a real file lists a handful).
    static let maximumCompatibleBrands = 32

    var majorBrand: String
    var compatibleBrands: [String]

    /// Reads the box at the start of `data`, or returns `nil` when there is none.
    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(16 + 4 * Self.maximumCompatibleBrands))
        guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        let boxSize = bytes.bigEndianInteger(at: 0, size: 4)
        majorBrand = String(decoding: bytes[8..<12], as: UTF8.self)
        // After the major brand: a minor version (4 bytes), then compatible brands up to the box's end.
        let end = min(boxSize, bytes.count)
        compatibleBrands = stride(from: 16, to: end - 3, by: 4).map {
            String(decoding: bytes[$0..<$0 + 4], as: UTF8.self)
        }
    }
}
