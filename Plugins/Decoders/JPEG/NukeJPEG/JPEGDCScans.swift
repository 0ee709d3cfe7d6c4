// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// A complete progressive JPEG reduced to the scans a 1/8-scale decode uses.
///
/// A 1/8-scale decode keeps one pixel per 8×8 block, the block's DC coefficient; in a
/// progressive file the DC coefficients come in their own scans (`Ss = 0`), usually the first and
/// one refinement. Dropping the AC scans skips most of the entropy decoding, and the output is
/// the same as a 1/8-scale decode of the whole file. One exception is kept whole: libjpeg-turbo
/// decodes a chroma component subsampled in both directions (4:2:0) at twice the luma's scale
/// with a 2×2 IDCT, which reads AC coefficients, so that component's AC scans stay. Metadata
/// segments go (APPn other than JFIF and Adobe, which decide the colour space; comments).
///
/// The reduction is made only from a file that is whole: it ends with EOI and its scans refine
/// every coefficient of every component to the last bit (the bookkeeping libjpeg keeps in
/// `coef_bits`, read here from the scan headers). Otherwise — and for baseline, arithmetic-coded
/// or malformed files, or more scans than allowed — there is no reduction and the caller decodes
/// the original data, which reports the problem.
struct JPEGDCScans {
    /// The header segments, the DC scans and EOI.
    let data: Data
    /// Whether scans of AC coefficients are kept (for 4:2:0 chroma).
    let keepsACScans: Bool

    /// Reduces `source`, or returns `nil` when it is not a whole progressive Huffman JPEG with
    /// at most `maximumScanCount` scans.
    init?(_ source: Data, maximumScanCount: Int) {
        let bytes = [UInt8](source)
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var output: [UInt8] = [0xFF, 0xD8]
        output.reserveCapacity(bytes.count / 4)
        var componentIDs: [UInt8] = []
        /// Per component: whether a 1/8-scale decode reads its AC coefficients.
        var usesAC: [Bool] = []
        /// For each component and coefficient: the bit the scans have refined it down to
        /// (`nil`: never sent), as `coef_bits` in libjpeg.
        var refinedTo: [[Int?]] = []
        var scanCount = 0
        var offset = 2
        while true {
            guard let (marker, start) = Self.nextMarker(bytes, from: offset) else { return nil }
            switch marker {
            case 0xD9:  // EOI
                guard !componentIDs.isEmpty, refinedTo.allSatisfy({ $0.allSatisfy { $0 == 0 } }) else { return nil }
                output += [0xFF, 0xD9]
                data = Data(output)
                // A whole file refines every component's AC: those of the components that use
                // them were kept.
                keepsACScans = usesAC.contains(true)
                return
            case 0xD0...0xD7, 0x01:  // RSTn or TEM outside a scan: not a well-formed file.
                return nil
            default:
                guard start + 4 <= bytes.count else { return nil }
                let length = bytes.bigEndianInteger(at: start + 2, size: 2)
                let end = start + 2 + length
                guard length >= 2, end <= bytes.count else { return nil }
                let segment = bytes[start..<end]
                switch marker {
                case 0xC2:  // SOF2: progressive, Huffman.
                    guard componentIDs.isEmpty, let frame = Self.frameComponents(segment) else { return nil }
                    componentIDs = frame.map(\.id)
                    usesAC = Self.componentsUsingAC(frame)
                    refinedTo = Array(repeating: Array(repeating: nil, count: 64), count: frame.count)
                    output += segment
                    offset = end
                case 0xC0, 0xC1, 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                    return nil  // Baseline, lossless, hierarchical or arithmetic: decode as is.
                case 0xDA:  // SOS
                    scanCount += 1
                    guard !componentIDs.isEmpty, scanCount <= maximumScanCount,
                        let scan = Self.scanHeader(segment, componentIDs: componentIDs)
                    else { return nil }
                    for component in scan.components {
                        for k in scan.spectralStart...scan.spectralEnd {
                            // A refinement (Ah > 0) must follow a scan that left the bit above.
                            if scan.high > 0, refinedTo[component][k] != scan.high { return nil }
                            refinedTo[component][k] = scan.low
                        }
                    }
                    guard let dataEnd = Self.endOfEntropyData(bytes, from: end) else { return nil }
                    if scan.spectralStart == 0 || scan.components.contains(where: { usesAC[$0] }) {
                        output += bytes[start..<dataEnd]
                    }
                    offset = dataEnd
                case 0xE1...0xED, 0xEF, 0xFE:  // Metadata and comments: not needed for pixels.
                    offset = end
                default:  // Tables, restart interval, JFIF (APP0), Adobe (APP14): kept.
                    output += segment
                    offset = end
                }
            }
        }
    }

    /// The next marker code at or after `offset` (fill bytes skipped) and where its 0xFF is.
    private static func nextMarker(_ bytes: [UInt8], from offset: Int) -> (UInt8, Int)? {
        guard offset + 1 < bytes.count, bytes[offset] == 0xFF else { return nil }
        var index = offset + 1
        while index < bytes.count, bytes[index] == 0xFF { index += 1 }
        guard index < bytes.count, bytes[index] != 0x00 else { return nil }
        return (bytes[index], index - 1)
    }

    /// Where a scan's entropy-coded data ends: at the first marker that is neither a stuffed
    /// zero nor a restart marker; `nil` if the data runs out first.
    static func endOfEntropyData(_ bytes: [UInt8], from offset: Int) -> Int? {
        var index = offset
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                let next = bytes[index + 1]
                if next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) { return index }
                index += next == 0xFF ? 1 : 2
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The components of a frame header (SOF segment with its marker): identifier and sampling
    /// factors.
    static func frameComponents(_ segment: ArraySlice<UInt8>) -> [(id: UInt8, h: Int, v: Int)]? {
        let base = segment.startIndex
        guard segment.count >= 10 else { return nil }
        let count = Int(segment[base + 9])
        guard count >= 1, count <= 4, segment.count >= 10 + 3 * count else { return nil }
        let components = (0..<count).map { index in
            let sampling = segment[base + 11 + 3 * index]
            return (id: segment[base + 10 + 3 * index], h: Int(sampling >> 4), v: Int(sampling & 0x0F))
        }
        guard components.allSatisfy({ (1...4).contains($0.h) && (1...4).contains($0.v) }) else { return nil }
        return components
    }

    /// Which components a 1/8-scale decode reads AC coefficients of: libjpeg-turbo's
    /// `jpeg_calc_output_dimensions` doubles a component's IDCT size while its subsampling
    /// divides evenly in both directions, and any IDCT larger than 1×1 reads AC coefficients.
    private static func componentsUsingAC(_ components: [(id: UInt8, h: Int, v: Int)]) -> [Bool] {
        let maxH = components.map(\.h).max() ?? 1
        let maxV = components.map(\.v).max() ?? 1
        return components.map { component in
            maxH % (component.h * 2) == 0 && maxV % (component.v * 2) == 0
        }
    }

    /// A scan header (SOS segment with its marker): its components (as indices into the frame's),
    /// spectral range and successive-approximation bits.
    private static func scanHeader(
        _ segment: ArraySlice<UInt8>,
        componentIDs: [UInt8]
    ) -> (components: [Int], spectralStart: Int, spectralEnd: Int, high: Int, low: Int)? {
        let base = segment.startIndex
        guard segment.count >= 5 else { return nil }
        let count = Int(segment[base + 4])
        guard count >= 1, count <= 4, segment.count >= 5 + 2 * count + 3 else { return nil }
        var components: [Int] = []
        for index in 0..<count {
            guard let component = componentIDs.firstIndex(of: segment[base + 5 + 2 * index]) else { return nil }
            components.append(component)
        }
        let parameters = base + 5 + 2 * count
        let spectralStart = Int(segment[parameters])
        let spectralEnd = Int(segment[parameters + 1])
        let high = Int(segment[parameters + 2] >> 4)
        let low = Int(segment[parameters + 2] & 0x0F)
        // DC scans cover only coefficient 0; AC scans one component and 1…63.
        guard spectralStart <= spectralEnd, spectralEnd < 64,
            spectralStart == 0 ? spectralEnd == 0 : components.count == 1,
            high == 0 || high == low + 1
        else { return nil }
        return (components, spectralStart, spectralEnd, high, low)
    }
}
