// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

/// Which items a HEIF file's images need to decode, read from the `iref` box: a derived image
/// (grid, overlay, identity) needs its `dimg` inputs, and an image needs its `auxl` auxiliaries
/// (alpha).
///
/// libheif 1.15 follows these references recursively while decoding: a file whose references
/// form a cycle recursed until the stack overflowed (found by the decoder contract's damaged
/// data, kept as the fixture `dimg-cycle.heic`; fuzz-heif then found the same cycle in a second
/// `meta` box, `two-meta-boxes.heic`, and behind a reference whose size lies,
/// `short-reference.heic`). ``check()`` refuses cycles and chains deeper than any real file has
/// before libheif decodes anything. ``mostCodedImagesDecoded()`` counts what decoding an image
/// takes: libheif decodes a grid's tile again each time the grid names it.
struct HEIFItemReferences {
    /// The deepest chain of derived images accepted (a real file has at most two: a grid of tiles,
    /// or an identity transform of a grid).
    static let maximumDepth = 8

    /// The references as one reading of the `iref` boxes finds them.
    private struct Reading {
        /// Each derived image's `dimg` inputs, repeats kept (a grid may use one tile many times).
        var inputs: [UInt32: [UInt32]] = [:]
        /// Each image's `auxl` auxiliaries (an alpha plane, itself an image).
        var auxiliaries: [UInt32: [UInt32]] = [:]

        var items: Set<UInt32> { Set(inputs.keys).union(auxiliaries.keys) }

        mutating func record(type: ArraySlice<UInt8>, from: UInt32, targets: [UInt32]) {
            if type.elementsEqual("dimg".utf8) {
                inputs[from, default: []] += targets
            } else if type.elementsEqual("auxl".utf8) {
                for master in targets { auxiliaries[master, default: []].append(from) }
            }
        }
    }

    /// Stepping by each reference's declared size, as the format means.
    private var bySize = Reading()
    /// As libheif 1.15 reads the references (see ``read(_:in:)``).
    private var inSequence = Reading()

    /// Reads the references of every `iref` box in every `meta` box at the top level of the file's
    /// `bytes` (a damaged file may have several, and libheif may read any); a file without one has
    /// none.
    init(_ bytes: [UInt8]) {
        for meta in HEIFBoxes.metaBoxes(in: bytes) {
            for iref in HEIFBoxes.boxes("iref", in: bytes, from: meta.contentStart, to: meta.end) {
                read(iref, in: bytes)
            }
        }
    }

    /// Reads the references twice, and keeps both readings: stepping by each reference's declared
    /// size, as the format means, and as libheif 1.15 reads them, which ignores that size and reads
    /// the next reference right after the last target. A file whose sizes lie reads differently
    /// the two ways (fuzz-heif found a cycle that only libheif's reading sees).
    private mutating func read(_ iref: HEIFBoxes.Box, in bytes: [UInt8]) {
        guard iref.contentStart + 4 <= iref.end else { return }
        let idSize = bytes[iref.contentStart] == 0 ? 2 : 4  // version 0: 16-bit item IDs
        readBySize(iref, idSize: idSize, in: bytes)
        readInSequence(iref, idSize: idSize, in: bytes)
    }

    private mutating func readBySize(_ iref: HEIFBoxes.Box, idSize: Int, in bytes: [UInt8]) {
        var offset = iref.contentStart + 4
        while offset + 8 + 2 * idSize <= iref.end {
            // A reference whose size runs past the box is read up to the box's end.
            let size = min(HEIFBoxes.integer(bytes, offset, 4), iref.end - offset)
            guard size >= 8 else { break }
            let body = Self.referenceBody(at: offset + 8, end: offset + size, idSize: idSize, in: bytes)
            bySize.record(type: bytes[offset + 4..<offset + 8], from: body.from, targets: body.targets)
            offset += size
        }
    }

    /// libheif's reading: a header (8 bytes, 8 more for a 64-bit size, 16 more for `uuid`), the
    /// source, the count and the targets that fit before the box's end, then the next reference.
    private mutating func readInSequence(_ iref: HEIFBoxes.Box, idSize: Int, in bytes: [UInt8]) {
        var offset = iref.contentStart + 4
        while offset + 8 <= iref.end {
            let type = bytes[offset + 4..<offset + 8]
            var cursor = offset + 8
            if HEIFBoxes.integer(bytes, offset, 4) == 1 { cursor += 8 }
            if type.elementsEqual("uuid".utf8) { cursor += 16 }
            guard cursor + idSize + 2 <= iref.end else { break }
            let body = Self.referenceBody(at: cursor, end: iref.end, idSize: idSize, in: bytes)
            inSequence.record(type: type, from: body.from, targets: body.targets)
            guard body.targets.count == body.count else { break }  // libheif stops at the box's end
            offset = cursor + idSize + 2 + body.count * idSize
        }
    }

    /// A reference's source, the count it claims and those of its targets that fit before `end`,
    /// read from `start` (after the reference's header).
    private static func referenceBody(at start: Int, end: Int, idSize: Int, in bytes: [UInt8])
        -> (from: UInt32, count: Int, targets: [UInt32])
    {
        let from = UInt32(HEIFBoxes.integer(bytes, start, idSize))
        let count = HEIFBoxes.integer(bytes, start + idSize, 2)
        let targetsStart = start + idSize + 2
        let fitting = min(count, max(0, (end - targetsStart) / idSize))
        let targets = (0..<fitting).map { UInt32(HEIFBoxes.integer(bytes, targetsStart + $0 * idSize, idSize)) }
        return (from, count, targets)
    }

    /// Throws `ImageDecodingError.corrupt` if an image needs itself, directly or not, or the
    /// chain of images it needs is deeper than ``maximumDepth``.
    func check() throws {
        var finished: [UInt32: Int] = [:]  // item → depth of what it needs
        for item in bySize.items.union(inSequence.items) {
            _ = try depth(of: item, visiting: [], finished: &finished)
        }
    }

    /// The items `item` needs in either reading.
    private func needs(of item: UInt32) -> Set<UInt32> {
        [bySize, inSequence].reduce(into: []) { needs, reading in
            needs.formUnion((reading.inputs[item] ?? []) + (reading.auxiliaries[item] ?? []))
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
            for input in needs(of: item) {
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

    /// The most coded (HEVC) images libheif decodes for one image of the file: one for a coded
    /// image; for a derived image, those of each input, once per reference (libheif decodes a
    /// repeated tile again each time); plus those of the image's auxiliaries. At least 1; the
    /// larger of the two readings. Call once ``check()`` has passed (no cycles); the count
    /// saturates rather than overflow.
    func mostCodedImagesDecoded() -> Int {
        [bySize, inSequence].map { reading in
            var known: [UInt32: Int] = [:]
            return reading.items.map { Self.codedImagesDecoded(for: $0, in: reading, known: &known) }.max() ?? 1
        }.max()!
    }

    private static func codedImagesDecoded(for item: UInt32, in reading: Reading, known: inout [UInt32: Int]) -> Int {
        if let count = known[item] { return count }
        let derived = reading.inputs[item] ?? []
        var count = derived.isEmpty ? 1 : 0
        for needed in derived + (reading.auxiliaries[item] ?? []) {
            let (sum, overflow) = count.addingReportingOverflow(
                codedImagesDecoded(for: needed, in: reading, known: &known)
            )
            count = overflow ? .max : sum
        }
        known[item] = count
        return count
    }
}
