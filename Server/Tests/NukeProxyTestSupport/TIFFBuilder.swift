// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

/// Builds EXIF TIFF structures for tests: IFD0 entries (SHORT, LONG or ASCII) and an optional
/// IFD1 with a JPEG thumbnail, in either byte order.
package struct TIFFBuilder {
    package enum Value {
        case short(Int)
        case long(Int)
        case ascii([UInt8])
    }

    package var littleEndian = true
    package var entries: [(tag: Int, value: Value)] = []
    package var thumbnail: [UInt8]?

    /// A builder with no entries (little-endian unless told).
    package init(littleEndian: Bool = true, entries: [(tag: Int, value: Value)] = [], thumbnail: [UInt8]? = nil) {
        self.littleEndian = littleEndian
        self.entries = entries
        self.thumbnail = thumbnail
    }

    /// The TIFF bytes; IFD0 at 8, then its values, then IFD1 and the thumbnail.
    package func build() -> Data {
        var bytes: [UInt8] = littleEndian ? [0x49, 0x49, 0x2A, 0x00] : [0x4D, 0x4D, 0x00, 0x2A]
        bytes += integer(8, 4)
        let ifd0Size = 2 + entries.count * 12 + 4
        var values: [UInt8] = []
        var directory = integer(entries.count, 2)
        for (tag, value) in entries.sorted(by: { $0.tag < $1.tag }) {
            directory += integer(tag, 2)
            switch value {
            case .short(let number): directory += integer(3, 2) + integer(1, 4) + integer(number, 2) + [0, 0]
            case .long(let number): directory += integer(4, 2) + integer(1, 4) + integer(number, 4)
            case .ascii(let text):
                let terminated = text + [0]
                directory += integer(2, 2) + integer(terminated.count, 4)
                if terminated.count <= 4 {
                    directory += terminated + [UInt8](repeating: 0, count: 4 - terminated.count)
                } else {
                    directory += integer(8 + ifd0Size + values.count, 4)
                    values += terminated
                }
            }
        }
        let ifd1 = 8 + ifd0Size + values.count
        directory += integer(thumbnail == nil ? 0 : ifd1, 4)
        bytes += directory + values
        if let thumbnail {
            let start = ifd1 + 2 + 2 * 12 + 4
            bytes += integer(2, 2)
            bytes += integer(0x0201, 2) + integer(4, 2) + integer(1, 4) + integer(start, 4)
            bytes += integer(0x0202, 2) + integer(4, 2) + integer(1, 4) + integer(thumbnail.count, 4)
            bytes += integer(0, 4) + thumbnail
        }
        return Data(bytes)
    }

    private func integer(_ value: Int, _ size: Int) -> [UInt8] {
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        return littleEndian ? bytes : bytes.reversed()
    }
}
