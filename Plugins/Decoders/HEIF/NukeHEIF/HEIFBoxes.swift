// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

/// Reading ISO base media boxes from a HEIF file's bytes, as much as NukeHEIF's checks need
/// before libheif reads the file: lenient like a parser that reads what it can (a box whose size
/// runs past its parent is read up to the parent's end).
enum HEIFBoxes {
    /// A box's content (after its header) in the file's bytes.
    typealias Box = (contentStart: Int, end: Int)

    /// Every box of `type` among the boxes between `start` and `end` (not nested); a box whose
    /// size runs past `end` is read up to `end` and ends the list.
    static func boxes(_ type: String, in bytes: [UInt8], from start: Int, to end: Int) -> [Box] {
        var found: [Box] = []
        var offset = start
        while offset + 8 <= end {
            var size = integer(bytes, offset, 4)
            var header = 8
            if size == 1, offset + 16 <= end {
                size = integer(bytes, offset + 8, 8)
                header = 16
            } else if size == 0 {
                size = end - offset
            }
            guard size >= header else { break }
            let boxEnd = min(offset + min(size, end - offset), end)
            if bytes[offset + 4..<offset + 8].elementsEqual(type.utf8) {
                found.append((offset + header, boxEnd))
            }
            offset = boxEnd
        }
        return found
    }

    /// The `meta` boxes at the top level of the file (a damaged file may have several, and
    /// libheif may read any), with the content of each after its version and flags.
    static func metaBoxes(in bytes: [UInt8]) -> [Box] {
        boxes("meta", in: bytes, from: 0, to: bytes.count).map { ($0.contentStart + 4, $0.end) }
    }

    /// The big-endian integer of `count` bytes at index `offset` (at most 8 bytes; saturating).
    static func integer<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ offset: Int, _ count: Int) -> Int
    where Bytes.Index == Int {
        let value = bytes.bigEndianInteger(at: offset, size: count, as: UInt64.self)
        return value > UInt64(Int.max) ? Int.max : Int(value)
    }
}
