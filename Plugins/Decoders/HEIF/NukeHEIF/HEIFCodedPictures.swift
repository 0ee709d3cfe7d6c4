// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The picture sizes a HEIF file's HEVC-coded images make the decoder allocate, read from every
/// sequence parameter set libheif 1.15 would hand libde265: those in each `hvcC` property, and
/// those inside each `hvc1` item's own data (libheif passes the item's NAL units on as they are,
/// and a later parameter set replaces an earlier one).
///
/// The container's sizes (`ispe`, a grid's canvas) say nothing about these: libde265 allocates and
/// decodes the picture its parameter set declares, and a HEIF file may declare any size up to
/// 65,535 pixels a side there (`coded-picture-size.heic`, `in-band-picture-size.heic`).
struct HEIFCodedPictures {
    /// The sizes declared, in the order found (one per parameter set).
    private(set) var sizes: [(width: Int, height: Int)] = []

    /// Reads the parameter sets in the file's `bytes`, whose `items` in each `meta` box are read
    /// from `bytes` if not given; what cannot be read is skipped.
    init(_ bytes: [UInt8], items: [HEIFItems]? = nil) {
        for items in items ?? HEIFItems.all(in: bytes) {
            let meta = items.meta
            for iprp in HEIFBoxes.boxes("iprp", in: bytes, from: meta.contentStart, to: meta.end) {
                for ipco in HEIFBoxes.boxes("ipco", in: bytes, from: iprp.contentStart, to: iprp.end) {
                    for hvcC in HEIFBoxes.boxes("hvcC", in: bytes, from: ipco.contentStart, to: ipco.end) {
                        readConfiguration(bytes[hvcC.contentStart..<hvcC.end])
                    }
                }
            }
            for location in items.locations(ofType: "hvc1") {
                readNALUnits(items.data(at: location, in: bytes)[...])
            }
        }
    }

    /// The largest picture declared, in pixels (0 if none is).
    var largestPixelCount: Int {
        sizes.map { $0.width * $0.height }.max() ?? 0
    }

    /// An `hvcC` box's NAL units: 22 bytes of configuration, then arrays of units, each unit
    /// after its length in 16 bits.
    private mutating func readConfiguration(_ box: ArraySlice<UInt8>) {
        var offset = box.startIndex + 22
        guard offset < box.endIndex else { return }
        let arrayCount = Int(box[offset])
        offset += 1
        for _ in 0..<arrayCount {
            guard offset + 3 <= box.endIndex else { return }
            let unitCount = HEIFBoxes.integer(box, offset + 1, 2)
            guard let next = readUnits(box, from: offset + 3, lengthSize: 2, count: unitCount) else { return }
            offset = next
        }
    }

    /// An item's data: NAL units each after its length in 32 bits, as libheif's libde265
    /// plug-in reads them whatever `hvcC` says the length's size is.
    private mutating func readNALUnits(_ data: ArraySlice<UInt8>) {
        _ = readUnits(data, from: data.startIndex, lengthSize: 4, count: nil)
    }

    /// Reads `count` NAL units (to the end of `data` if `nil`) from `offset`, each after its
    /// big-endian length in `lengthSize` bytes; returns where they end, or `nil` if `data` ends
    /// first.
    private mutating func readUnits(_ data: ArraySlice<UInt8>, from offset: Int, lengthSize: Int, count: Int?)
        -> Int?
    {
        var offset = offset
        var read = 0
        while count.map({ read < $0 }) ?? (offset < data.endIndex) {
            guard offset + lengthSize <= data.endIndex else { return nil }
            let length = HEIFBoxes.integer(data, offset, lengthSize)
            offset += lengthSize
            guard length <= data.endIndex - offset else { return nil }
            record(data[offset..<offset + length])
            offset += length
            read += 1
        }
        return offset
    }

    private mutating func record(_ nalUnit: ArraySlice<UInt8>) {
        guard let parameterSet = HEVCSequenceParameterSet(nalUnit: nalUnit) else { return }
        sizes.append((parameterSet.width, parameterSet.height))
    }
}
