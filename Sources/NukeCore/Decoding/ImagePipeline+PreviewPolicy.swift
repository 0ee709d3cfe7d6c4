// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ImagePipeline {
    /// Whether the pipeline produces previews of partially downloaded images.
    public enum PreviewPolicy: Hashable, Sendable {
        /// Decode a preview each time enough new data arrives (progressive JPEG, interlaced PNG).
        case incremental
        /// Produce one preview from an embedded thumbnail, if the file has one.
        case thumbnail
        /// No previews.
        case disabled

        /// The default for some data: `.incremental` for progressive JPEGs, JPEG XL (whose lossy
        /// files carry a 1:8 image first) and GIFs (one preview: the first frame), `.disabled` for
        /// everything else, including baseline JPEGs.
        public static func `default`(for data: Data) -> PreviewPolicy {
            switch AssetType(data) {
            case .gif, .jxl: .incremental
            case .jpeg: JPEGHeader.isProgressive(data) ? .incremental : .disabled
            default: .disabled
            }
        }
    }
}

/// Reads just enough of a JPEG's markers to tell baseline from progressive.
enum JPEGHeader {
    /// `true` if a progressive start-of-frame marker comes before the first scan.
    static func isProgressive(_ data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            var offset = 2
            while offset + 4 <= bytes.count {
                guard bytes[offset] == 0xFF else { return false }
                let marker = bytes[offset + 1]
                if marker == 0xFF {
                    offset += 1
                    continue
                }
                switch marker {
                case 0xC2, 0xC6, 0xCA, 0xCE: return true
                case 0xC0, 0xC1, 0xC3, 0xC5, 0xC7, 0xC9, 0xCB, 0xCD, 0xDA, 0xD9: return false
                case 0x01, 0xD0...0xD7:
                    offset += 2
                    continue
                default:
                    let length = bytes.bigEndianInteger(at: offset + 2, size: 2)
                    guard length >= 2 else { return false }
                    offset += 2 + length
                }
            }
            return false
        }
    }
}
