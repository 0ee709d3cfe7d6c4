// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeRemoteCaching
import Testing

@Suite struct XXH64Tests {
    /// Bytes `(i·31 + 7) mod 256`.
    static func bytes(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }

    @Test("XXH64 matches xxhsum -H64 for every length class (empty, under 4, under 32, stripes and tails)")
    func vectors() {
        // From `xxhsum -H64` (xxhash 0.8.1) over the same bytes.
        let vectors: [([UInt8], UInt64)] = [
            ([], 0xEF46_DB37_51D8_E999),
            (Array("a".utf8), 0xD24E_C4F1_A98C_6E5B),
            (Array("abc".utf8), 0x44BC_2CF5_AD77_0999),
            (Self.bytes(37), 0x5D71_D9FC_4B67_6D9F),
            (Self.bytes(100), 0xEFA0_AD2D_3E70_C151),
            (Self.bytes(1000), 0x9959_4F48_2804_3D35),
        ]
        for (input, expected) in vectors {
            #expect(input.withUnsafeBytes { XXH64.hash($0) } == expected, "\(input.count) bytes")
        }
    }
}

@Suite struct CheckedValueFrameTests {
    let key = Array("nuke:results:image-1".utf8)
    let payload = Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 13) })

    @Test("A framed value reads back for its key, empty payloads too")
    func roundTrip() {
        let frame = CheckedValueFrame.frame(payload, key: key)
        #expect(frame.count == CheckedValueFrame.headerSize + key.count + payload.count)
        let offset = CheckedValueFrame.headerSize + key.count
        #expect(frame.withUnsafeBytes { CheckedValueFrame.unframe($0, key: key) } == .valid(payloadOffset: offset))
        #expect(Data(frame[offset...]) == payload)
        let empty = CheckedValueFrame.frame(Data(), key: key)
        #expect(empty.withUnsafeBytes { CheckedValueFrame.unframe($0, key: key) } == .valid(payloadOffset: offset))
    }

    @Test("Every truncation, every single-byte corruption, another key's value and foreign bytes are invalid")
    func invalidValues() {
        let frame = CheckedValueFrame.frame(payload, key: key)
        for length in 0..<frame.count {
            let verdict = frame.prefix(length).withUnsafeBytes { CheckedValueFrame.unframe($0, key: key) }
            guard case .invalid = verdict else {
                Issue.record("truncated to \(length) read as a value")
                return
            }
        }
        for index in stride(from: 0, to: frame.count, by: 7) {
            var corrupted = frame
            corrupted[index] ^= 0x20
            guard case .invalid = corrupted.withUnsafeBytes({ CheckedValueFrame.unframe($0, key: key) }) else {
                Issue.record("a flipped bit at \(index) read as a value")
                return
            }
        }
        let other = Array("nuke:results:image-2".utf8)
        #expect(
            frame.withUnsafeBytes { CheckedValueFrame.unframe($0, key: other) } == .invalid("stored for another key")
        )
        let foreign = Array("a JPEG someone else stored".utf8)
        #expect(foreign.withUnsafeBytes { CheckedValueFrame.unframe($0, key: key) } == .invalid("not a value of ours"))
        var future = frame
        future[4] = 2
        #expect(future.withUnsafeBytes { CheckedValueFrame.unframe($0, key: key) } == .invalid("version 2"))
    }
}
