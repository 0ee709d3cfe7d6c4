// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// The durations of an animated WebP's frames, read from its `ANMF` chunks in one pass over the
/// RIFF container. libwebp's demuxer finds frame *n* by walking its list from the first frame, so
/// iterating with it costs time in the square of the frame count.
enum WebPFrameDurations {
    /// One duration per `ANMF` chunk, in seconds, or `nil` if the container is malformed.
    static func read(_ data: Data) -> [Double]? {
        data.withUnsafeBytes { bytes -> [Double]? in
            let bytes = bytes.bindMemory(to: UInt8.self)
            guard bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
                bytes[8..<12].elementsEqual(Array("WEBP".utf8))
            else { return nil }
            func littleEndian(_ offset: Int, _ count: Int) -> Int {
                (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
            }
            let anmf = Array("ANMF".utf8)
            var durations: [Double] = []
            var offset = 12
            while offset + 8 <= bytes.count {
                let size = littleEndian(offset + 4, 4)
                let payload = offset + 8
                guard size <= bytes.count - payload else { return nil }
                if bytes[offset..<(offset + 4)].elementsEqual(anmf) {
                    // X, Y, width − 1 and height − 1 (3 bytes each), then the duration in ms.
                    guard size >= 16 else { return nil }
                    durations.append(Double(littleEndian(payload + 12, 3)) / 1000)
                }
                offset = payload + size + (size & 1)
            }
            return durations
        }
    }
}
