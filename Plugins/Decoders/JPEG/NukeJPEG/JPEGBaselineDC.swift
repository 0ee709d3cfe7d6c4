// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// A progressive JPEG reduced to its DC scans (``JPEGDCScans``, where no component keeps AC
/// scans) rewritten as a baseline JPEG whose blocks carry the same DC coefficients and no AC.
///
/// libjpeg decodes a progressive file through whole-image coefficient buffers, 64 coefficients
/// a block, which it allocates and zeroes before the first scan: 88 MB for a 15 MP 4:4:4 photo,
/// and most of a DC-scans thumbnail's time went to the kernel's page faults and `memset` there
/// (`perf`). A baseline file is decoded a row of blocks at a time. A 1/8-scale decode reads each
/// block's DC alone, so the output is the same. The DC scans are decoded here (Huffman coding,
/// successive approximation, restart intervals) and written in one interleaved scan with the
/// standard DC table (T.81 K.3) and an AC table whose one code is end-of-block.
///
/// There is no rewrite — the caller decodes the DC scans as they are, and libjpeg reports any
/// problem — for anything unusual: a precision other than 8 bits, an MCU of more than 10
/// blocks, quantization tables defined after the frame header, a DC value outside baseline's
/// range, entropy data that does not decode cleanly.
struct JPEGBaselineDC {
    /// The baseline file.
    let data: Data

    /// Rewrites `dcScans`, the output of ``JPEGDCScans`` with no AC scans left.
    init?(_ dcScans: Data) {
        let bytes = [UInt8](dcScans)
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var header: [UInt8] = [0xFF, 0xD8]  // Tables and APPn segments before the frame.
        var frame: Frame?
        var coefficients: [Int32] = []  // Every component's blocks in its padded grid, one after another.
        var tables = [JPEGHuffmanTable?](repeating: nil, count: 4)
        var restartInterval = 0
        var offset = 2
        while true {
            guard offset + 2 <= bytes.count, bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xD9 { break }  // EOI
            guard offset + 4 <= bytes.count else { return nil }
            let length = bytes.bigEndianInteger(at: offset + 2, size: 2)
            let end = offset + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            let payload = bytes[(offset + 4)..<end]
            switch marker {
            case 0xC2:
                // Every block costs a DC scan at least one bit: a frame with more blocks than the
                // data has bits cannot be whole, and its coefficients are not allocated.
                guard frame == nil, let parsed = Frame(bytes[offset..<end]), parsed.blockCount <= bytes.count * 8 else {
                    return nil
                }
                frame = parsed
                coefficients = [Int32](repeating: 0, count: parsed.blockCount)
            case 0xC4:
                guard Self.readDCTables(payload, into: &tables) else { return nil }
            case 0xDD:
                guard payload.count == 2 else { return nil }
                restartInterval = payload.bigEndianInteger(at: payload.startIndex, size: 2)
            case 0xDA:
                guard let frame, let scan = Scan(payload, frame: frame, tables: tables) else { return nil }
                var reader = JPEGEntropyReader(bytes, from: end)
                let decoded = coefficients.withUnsafeMutableBufferPointer { coefficients in
                    scan.decode(frame: frame, restartInterval: restartInterval, from: &reader, into: coefficients)
                }
                guard decoded, let dataEnd = JPEGDCScans.endOfEntropyData(bytes, from: reader.position) else {
                    return nil
                }
                offset = dataEnd
                continue
            default:
                guard frame == nil else { return nil }  // Nothing but tables and scans after the frame.
                header += bytes[offset..<end]
            }
            offset = end
        }
        guard let frame, let entropy = Self.encode(coefficients, frame: frame) else { return nil }
        var output = header
        output.reserveCapacity(header.count + entropy.count + 256)
        output += Self.segment(0xC0, frame.parameters)
        output += Self.segment(0xC4, Self.tableSegmentPayload)
        output += Self.segment(0xDA, frame.scanHeader)
        output += entropy
        output += [0xFF, 0xD9]
        data = Data(output)
    }

    // MARK: Reading

    /// A progressive frame that a baseline frame can carry.
    struct Frame {
        struct Component {
            var id: UInt8
            var h: Int
            var v: Int
            /// Blocks across and down in the component's own grid (a scan of it alone covers these).
            var blocksWide: Int
            var blocksHigh: Int
            /// Blocks across and down in whole MCUs (an interleaved scan covers these).
            var paddedWide: Int
            var paddedHigh: Int
            /// Where the component's blocks start among all of the frame's.
            var firstBlock: Int
        }

        /// The frame header's parameters (precision, size, components), as SOF0 takes them too.
        var parameters: ArraySlice<UInt8>
        var components: [Component]
        var mcusWide: Int
        var mcusHigh: Int
        /// Blocks of every component, in whole MCUs.
        var blockCount: Int

        /// Reads a frame header segment (with its marker).
        init?(_ segment: ArraySlice<UInt8>) {
            let payload = segment.dropFirst(4)
            let base = payload.startIndex
            guard payload.count >= 6, payload[base] == 8, let sampling = JPEGDCScans.frameComponents(segment),
                payload.count == 6 + 3 * sampling.count
            else { return nil }
            let height = payload.bigEndianInteger(at: base + 1, size: 2)
            let width = payload.bigEndianInteger(at: base + 3, size: 2)
            guard width > 0, height > 0 else { return nil }
            let count = sampling.count
            // A one-component frame is coded a block at a time, whatever its sampling factors say.
            let isSingle = count == 1
            let maxH = isSingle ? 1 : sampling.map(\.h).max()!
            let maxV = isSingle ? 1 : sampling.map(\.v).max()!
            guard isSingle || sampling.reduce(0, { $0 + $1.h * $1.v }) <= 10 else { return nil }
            mcusWide = (width + 8 * maxH - 1) / (8 * maxH)
            mcusHigh = (height + 8 * maxV - 1) / (8 * maxV)
            var firstBlock = 0
            components = sampling.map { sample in
                let (h, v) = isSingle ? (1, 1) : (sample.h, sample.v)
                let component = Component(
                    id: sample.id,
                    h: h,
                    v: v,
                    blocksWide: (width * h + 8 * maxH - 1) / (8 * maxH),
                    blocksHigh: (height * v + 8 * maxV - 1) / (8 * maxV),
                    paddedWide: (width + 8 * maxH - 1) / (8 * maxH) * h,
                    paddedHigh: (height + 8 * maxV - 1) / (8 * maxV) * v,
                    firstBlock: firstBlock
                )
                firstBlock += component.paddedWide * component.paddedHigh
                return component
            }
            blockCount = firstBlock
            parameters = payload
        }

        /// The baseline scan's header: every component, DC and AC table 0, coefficients 0…63.
        var scanHeader: [UInt8] {
            [UInt8(components.count)] + components.flatMap { [$0.id, 0x00] } + [0, 63, 0]
        }
    }

    /// Reads the DC tables (class 0) of a DHT segment into `tables`; AC tables are skipped.
    private static func readDCTables(_ payload: ArraySlice<UInt8>, into tables: inout [JPEGHuffmanTable?]) -> Bool {
        var index = payload.startIndex
        while index < payload.endIndex {
            guard index + 17 <= payload.endIndex else { return false }
            let (tableClass, id) = (payload[index] >> 4, Int(payload[index] & 0x0F))
            let counts = payload[(index + 1)..<(index + 17)]
            let valueCount = counts.reduce(0) { $0 + Int($1) }
            guard tableClass <= 1, id < 4, index + 17 + valueCount <= payload.endIndex else { return false }
            if tableClass == 0 {
                guard
                    let table = JPEGHuffmanTable(
                        counts: counts,
                        values: payload[(index + 17)..<(index + 17 + valueCount)]
                    )
                else { return false }
                tables[id] = table
            }
            index += 17 + valueCount
        }
        return true
    }

    /// A DC scan: its components (indices into the frame's), their tables and its successive
    /// approximation.
    struct Scan {
        var components: [Int]
        var tables: [JPEGHuffmanTable?]
        var high: Int
        var low: Int

        init?(_ payload: ArraySlice<UInt8>, frame: Frame, tables: [JPEGHuffmanTable?]) {
            let base = payload.startIndex
            guard payload.count >= 1 else { return nil }
            let count = Int(payload[base])
            guard count >= 1, payload.count == 1 + 2 * count + 3 else { return nil }
            components = []
            self.tables = []
            for index in 0..<count {
                let id = payload[base + 1 + 2 * index]
                guard let component = frame.components.firstIndex(where: { $0.id == id }) else { return nil }
                components.append(component)
                self.tables.append(tables[Int(payload[base + 2 + 2 * index] >> 4) & 3])
            }
            let parameters = base + 1 + 2 * count
            (high, low) = (Int(payload[parameters + 2] >> 4), Int(payload[parameters + 2] & 0x0F))
            // DC only; a first scan needs its tables (a refinement reads raw bits).
            guard payload[parameters] == 0, payload[parameters + 1] == 0, low <= 13,
                high > 0 || self.tables.allSatisfy({ $0 != nil })
            else { return nil }
        }

        /// Decodes the scan's blocks into `coefficients` (the frame's blocks, each component's
        /// in its padded grid).
        func decode(
            frame: Frame,
            restartInterval: Int,
            from reader: inout JPEGEntropyReader,
            into coefficients: UnsafeMutableBufferPointer<Int32>
        ) -> Bool {
            let refinementBit = Int32(1) << Int32(low)
            let firstScanTables = high > 0 ? [] : tables.map { $0! }
            var left = restartInterval
            var nextRestart = 0
            // Unsafe views in the loop over every block: no reference counting or uniqueness checks.
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: components.count) { predictions in
                predictions.initialize(repeating: 0)
                return components.map { frame.components[$0] }.withUnsafeBufferPointer { layout in
                    firstScanTables.withUnsafeBufferPointer { tables in
                        let isComplete = JPEGBaselineDC.visitBlocks(
                            of: layout,
                            in: frame,
                            beforeEachMCU: {
                                guard !reader.isOverrun else { return false }  // The data has ended.
                                guard restartInterval > 0 else { return true }
                                if left == 0 {
                                    guard reader.restart(nextRestart) else { return false }
                                    nextRestart = (nextRestart + 1) % 8
                                    predictions.update(repeating: 0)
                                    left = restartInterval
                                }
                                left -= 1
                                return true
                            },
                            { slot, index in
                                if high > 0 {
                                    if reader.bit() == 1 { coefficients[index] |= refinementBit }
                                    return true
                                }
                                guard let size = tables[slot].decode(&reader), size <= 15 else { return false }
                                predictions[slot] += reader.receiveExtended(Int(size))
                                guard abs(predictions[slot]) < 1 << 16 else { return false }
                                coefficients[index] = Int32(predictions[slot]) << Int32(low)
                                return true
                            }
                        )
                        return isComplete && !reader.isOverrun
                    }
                }
            }
        }
    }

    /// Calls `beforeEachMCU`, then `body` with the slot (the place in `components`) and the index
    /// among the frame's blocks of each of the MCU's blocks, in the order a scan of `components`
    /// codes them: a component alone in its own rows of blocks, several in MCUs of each one's
    /// h×v blocks. Stops at the first `false` and returns it.
    @inline(__always)
    static func visitBlocks(
        of components: UnsafeBufferPointer<Frame.Component>,
        in frame: Frame,
        beforeEachMCU: () -> Bool,
        _ body: (Int, Int) -> Bool
    ) -> Bool {
        if components.count == 1 {
            let component = components[0]
            for y in 0..<component.blocksHigh {
                var index = component.firstBlock + y * component.paddedWide
                for _ in 0..<component.blocksWide {
                    guard beforeEachMCU(), body(0, index) else { return false }
                    index += 1
                }
            }
            return true
        }
        for mcuY in 0..<frame.mcusHigh {
            for mcuX in 0..<frame.mcusWide {
                guard beforeEachMCU() else { return false }
                for slot in 0..<components.count {
                    let component = components[slot]
                    for v in 0..<component.v {
                        var index =
                            component.firstBlock + (mcuY * component.v + v) * component.paddedWide + mcuX * component.h
                        for _ in 0..<component.h {
                            guard body(slot, index) else { return false }
                            index += 1
                        }
                    }
                }
            }
        }
        return true
    }

    // MARK: Writing

    /// T.81 K.3's luminance DC table (sizes 0…11), then an AC table with end-of-block alone.
    private static let tableSegmentPayload: [UInt8] =
        [0x00] + [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0] + Array(0...11)
        + [0x10] + [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] + [0x00]

    /// The DC table's code and length for each size 0…11.
    private static let dcCodes: [(code: Int, length: Int)] = [
        (0b00, 2), (0b010, 3), (0b011, 3), (0b100, 3), (0b101, 3), (0b110, 3), (0b1110, 4), (0b11110, 5),
        (0b111110, 6), (0b1111110, 7), (0b11111110, 8), (0b111111110, 9),
    ]

    /// The baseline scan's entropy-coded data: each block's DC difference, then end-of-block;
    /// `nil` if a difference needs more than baseline's 11 bits.
    private static func encode(_ coefficients: [Int32], frame: Frame) -> [UInt8]? {
        var isEncodable = true
        // At most 9 + 11 + 1 bits a block, each byte possibly stuffed.
        let encoded = [UInt8](unsafeUninitializedCapacity: frame.blockCount * 6 + 2) { output, count in
            var writer = JPEGEntropyWriter(into: output)
            // Unsafe views in the loop over every block: no reference counting or uniqueness checks.
            withUnsafeTemporaryAllocation(of: Int.self, capacity: frame.components.count) { predictions in
                predictions.initialize(repeating: 0)
                coefficients.withUnsafeBufferPointer { coefficients in
                    frame.components.withUnsafeBufferPointer { components in
                        dcCodes.withUnsafeBufferPointer { dcCodes in
                            isEncodable = visitBlocks(of: components, in: frame, beforeEachMCU: { true }) {
                                slot,
                                index in
                                let value = Int(coefficients[index])
                                let difference = value - predictions[slot]
                                predictions[slot] = value
                                let size = Int.bitWidth - abs(difference).leadingZeroBitCount
                                guard size < dcCodes.count else { return false }
                                // The size's code, the difference's low bits (less one if negative), end-of-block.
                                let bits = (difference < 0 ? difference - 1 : difference) & (1 << size - 1)
                                let code = dcCodes[size]
                                writer.write(code.code << (size + 1) | bits << 1, length: code.length + size + 1)
                                return true
                            }
                        }
                    }
                }
            }
            writer.finish()
            count = writer.count
        }
        return isEncodable ? encoded : nil
    }

    /// A marker segment: the marker, the length, the payload.
    private static func segment<Payload: Collection<UInt8>>(_ marker: UInt8, _ payload: Payload) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}
