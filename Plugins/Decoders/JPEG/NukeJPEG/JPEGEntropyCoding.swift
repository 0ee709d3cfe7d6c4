// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A JPEG Huffman table as a decoder reads it: codes up to 16 bits long, canonical (ITU T.81
/// Annex C), with a table for every code of at most ``lookaheadBits`` bits.
struct JPEGHuffmanTable {
    static let lookaheadBits = 9

    /// For each `lookaheadBits`-bit prefix: the code's length (0: longer than the prefix) and
    /// its value.
    private var lookahead: [(length: UInt8, value: UInt8)]
    /// For each length 1…16: the largest code of that length (-1: none), and where that
    /// length's values start in `values` minus its smallest code.
    private var maximumCode = [Int](repeating: -1, count: 17)
    private var valueOffset = [Int](repeating: 0, count: 17)
    private let values: [UInt8]

    /// Reads a table from a DHT segment's `counts` (16 counts of codes by length) and `values`;
    /// `nil` if the counts over-fill the code space or name more values than given.
    init?(counts: ArraySlice<UInt8>, values: ArraySlice<UInt8>) {
        guard counts.count == 16, counts.reduce(0, { $0 + Int($1) }) == values.count else { return nil }
        self.values = Array(values)
        lookahead = Array(repeating: (0, 0), count: 1 << Self.lookaheadBits)
        var code = 0
        var index = 0
        for length in 1...16 {
            let count = Int(counts[counts.startIndex + length - 1])
            valueOffset[length] = index - code
            if count > 0 {
                for _ in 0..<count {
                    if length <= Self.lookaheadBits {
                        let shift = Self.lookaheadBits - length
                        for suffix in 0..<(1 << shift) {
                            lookahead[code << shift | suffix] = (UInt8(length), self.values[index])
                        }
                    }
                    code += 1
                    index += 1
                }
                maximumCode[length] = code - 1
            }
            guard code <= 1 << length else { return nil }
            code <<= 1
        }
    }

    /// Decodes one value from `reader`; `nil` for a bit pattern that is no code.
    func decode(_ reader: inout JPEGEntropyReader) -> UInt8? {
        let prefix = reader.peek(Self.lookaheadBits)
        let entry = lookahead[prefix]
        if entry.length > 0 {
            reader.skip(Int(entry.length))
            return entry.value
        }
        var code = reader.peek(Self.lookaheadBits)
        reader.skip(Self.lookaheadBits)
        for length in (Self.lookaheadBits + 1)...16 {
            code = code << 1 | reader.bit()
            if code <= maximumCode[length] { return values[valueOffset[length] + code] }
        }
        return nil
    }
}

/// Reads the bits of a scan's entropy-coded data: stuffed zero bytes dropped, and at a marker
/// (a restart marker, or the end of the scan) zero bits supplied — a decode that used them has
/// ``isOverrun``.
struct JPEGEntropyReader {
    private let bytes: [UInt8]
    private(set) var position: Int
    private var buffer: UInt64 = 0
    private var count = 0
    /// Zero bits supplied at a marker, at the low end of `buffer`.
    private var supplied = 0

    init(_ bytes: [UInt8], from position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// Whether a decode has read past the data into the bits supplied at a marker.
    var isOverrun: Bool { count < supplied }

    mutating func peek(_ bits: Int) -> Int {
        if count < bits { fill() }
        return Int(truncatingIfNeeded: buffer >> UInt64(64 - bits))
    }

    mutating func skip(_ bits: Int) {
        buffer <<= UInt64(bits)
        count -= bits
    }

    mutating func bit() -> Int {
        defer { skip(1) }
        return peek(1)
    }

    /// The `bits`-bit value that follows a Huffman-coded size, sign-extended as T.81 F.2.2.1
    /// (`EXTEND`) says.
    mutating func receiveExtended(_ bits: Int) -> Int {
        guard bits > 0 else { return 0 }
        let value = peek(bits)
        skip(bits)
        return value < 1 << (bits - 1) ? value - (1 << bits) + 1 : value
    }

    /// Drops the bits left in the current byte and reads restart marker `index` (0…7); `false`
    /// if it is not next.
    mutating func restart(_ index: Int) -> Bool {
        guard !isOverrun, position + 1 < bytes.count, bytes[position] == 0xFF,
            bytes[position + 1] == 0xD0 + UInt8(index)
        else { return false }
        position += 2
        (buffer, count, supplied) = (0, 0, 0)
        return true
    }

    private mutating func fill() {
        while count <= 56 {
            var byte: UInt8 = 0
            if supplied == 0, position < bytes.count {
                byte = bytes[position]
                if byte == 0xFF {
                    if position + 1 < bytes.count, bytes[position + 1] == 0x00 {
                        position += 2
                    } else {
                        byte = 0  // A marker: the data has ended.
                        supplied += 8
                    }
                } else {
                    position += 1
                }
            } else {
                supplied += 8
            }
            buffer |= UInt64(byte) << UInt64(56 - count)
            count += 8
        }
    }
}

/// Writes Huffman-coded entropy data into a buffer it is given: bits packed from the most
/// significant, a zero byte stuffed after every 0xFF, the last byte padded with one bits (T.81
/// F.1.2.3).
struct JPEGEntropyWriter {
    private let output: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0
    private var buffer: UInt32 = 0
    private var bits = 0

    /// Writes into `output`, which must hold everything written (two bytes for every byte of
    /// bits, for the stuffing).
    init(into output: UnsafeMutableBufferPointer<UInt8>) {
        self.output = output
    }

    /// Appends the low `length` bits of `code` (at most 24).
    @inline(__always)
    mutating func write(_ code: Int, length: Int) {
        guard length > 0 else { return }
        buffer |= (UInt32(truncatingIfNeeded: code) & (1 << UInt32(length) &- 1)) << UInt32(32 &- bits &- length)
        bits &+= length
        while bits >= 8 {
            let byte = UInt8(truncatingIfNeeded: buffer >> 24)
            output[count] = byte
            count &+= 1
            if byte == 0xFF {
                output[count] = 0
                count &+= 1
            }
            buffer <<= 8
            bits &-= 8
        }
    }

    /// Pads the last byte with one bits; ``count`` bytes are then written.
    mutating func finish() {
        if bits > 0 { write(0x7F, length: 8 - bits) }
    }
}
