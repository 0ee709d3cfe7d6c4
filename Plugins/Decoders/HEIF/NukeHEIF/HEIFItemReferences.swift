// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Which items a HEIF file's images need to decode, read from the `iref` box: a derived image
/// (grid, overlay, identity) needs its `dimg` inputs, and an image needs its `auxl` auxiliaries
/// (alpha).
///
/// libheif 1.15 follows these references recursively while decoding: a file whose references
/// form a cycle recursed until the stack overflowed (found by the decoder contract's damaged
/// data, kept as the fixture `dimg-cycle.heic`; fuzz-heif then found the same cycle in a second
/// `meta` box, `two-meta-boxes.heic`). ``check()`` refuses cycles and chains deeper
/// than any real file has before libheif decodes anything.
struct HEIFItemReferences {
    /// The deepest chain of derived images accepted (a real file has at most two: a grid of tiles,
    /// or an identity transform of a grid).
    static let maximumDepth = 8

    /// For each item, the items it needs.
    private(set) var needs: [UInt32: [UInt32]] = [:]

    /// Reads the references of every `iref` box in every `meta` box at the top level of `data`
    /// (a damaged file may have several, and libheif may read any); a file without one has none.
    init(_ data: Data) {
        let bytes = [UInt8](data)
        for meta in Self.boxes("meta", in: bytes, from: 0, to: bytes.count) {
            for iref in Self.boxes("iref", in: bytes, from: meta.contentStart + 4, to: meta.end) {
                read(iref, in: bytes)
            }
        }
    }

    private mutating func read(_ iref: (contentStart: Int, end: Int), in bytes: [UInt8]) {
        guard iref.contentStart + 4 <= iref.end else { return }
        let idSize = bytes[iref.contentStart] == 0 ? 2 : 4  // version 0: 16-bit item IDs
        var offset = iref.contentStart + 4
        while offset + 8 + 2 * idSize <= iref.end {
            // A reference whose size runs past the box is read up to the box's end, as libheif reads it.
            let size = min(Self.integer(bytes, offset, 4), iref.end - offset)
            guard size >= 8 else { break }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let from = UInt32(Self.integer(bytes, offset + 8, idSize))
            let count = Self.integer(bytes, offset + 8 + idSize, 2)
            let toStart = offset + 10 + idSize
            // The targets that fit, whatever the count claims.
            let fitting = min(count, max(0, (offset + size - toStart) / idSize))
            let targets = (0..<fitting).map { UInt32(Self.integer(bytes, toStart + $0 * idSize, idSize)) }
            switch type {
            case "dimg": needs[from, default: []] += targets
            case "auxl": for master in targets { needs[master, default: []].append(from) }
            default: break
            }
            offset += size
        }
    }

    /// Throws `ImageDecodingError.corrupt` if an image needs itself, directly or not, or the
    /// chain of images it needs is deeper than ``maximumDepth``.
    func check() throws {
        var finished: [UInt32: Int] = [:]  // item → depth of what it needs
        for item in needs.keys {
            _ = try depth(of: item, visiting: [], finished: &finished)
        }
    }

    private func depth(of item: UInt32, visiting: Set<UInt32>, finished: inout [UInt32: Int]) throws -> Int {
        if let known = finished[item] { return known }
        guard !visiting.contains(item) else {
            throw ImageDecodingError.corrupt(reason: "the HEIF file's images refer to each other in a cycle")
        }
        // Both bounds also bound this search's own recursion.
        var deepest = 0
        if visiting.count <= Self.maximumDepth {
            for input in needs[item] ?? [] {
                deepest = max(
                    deepest,
                    1 + (try depth(of: input, visiting: visiting.union([item]), finished: &finished))
                )
            }
        }
        guard visiting.count <= Self.maximumDepth, deepest <= Self.maximumDepth else {
            throw ImageDecodingError.corrupt(
                reason: "the HEIF file's derived images nest deeper than \(Self.maximumDepth)"
            )
        }
        finished[item] = deepest
        return deepest
    }

    /// Every box of `type` among the boxes between `start` and `end` (not nested); a box whose
    /// size runs past `end` is read up to `end` (a parser may do so) and ends the list.
    private static func boxes(_ type: String, in bytes: [UInt8], from start: Int, to end: Int)
        -> [(contentStart: Int, end: Int)]
    {
        var found: [(contentStart: Int, end: Int)] = []
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

    /// The big-endian integer of `count` bytes at `offset` (at most 8 bytes; saturating).
    private static func integer(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + count] { value = value << 8 | UInt64(byte) }
        return value > UInt64(Int.max) ? Int.max : Int(value)
    }
}
