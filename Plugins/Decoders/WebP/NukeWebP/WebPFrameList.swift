// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// The frames of an animated WebP, read from its `ANMF` chunks in one pass over the RIFF
/// container. libwebp's demuxer finds frame *n* by walking its list from the first frame (its
/// iterator too), so playing an animation through it costs time in the square of the frame count.
enum WebPFrameList {
    /// One frame's placement, timing and data.
    struct Frame: Hashable, Sendable {
        /// The frame's image data (`ALPH` and `VP8 `, or `VP8L`, chunks) in the file.
        var payload: Range<Int>
        /// The frame's rectangle on the canvas.
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        /// How long the frame shows, in seconds.
        var duration: Double
        /// Whether the frame is alpha-blended over the canvas (else it replaces its rectangle).
        var blends: Bool
        /// Whether the frame's rectangle is cleared to transparent before the next frame.
        var disposesToBackground: Bool
    }

    /// One frame per `ANMF` chunk, or `nil` if the container is malformed.
    static func read(_ data: Data) -> [Frame]? {
        data.withUnsafeBytes { bytes -> [Frame]? in
            let bytes = bytes.bindMemory(to: UInt8.self)
            guard bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
                bytes[8..<12].elementsEqual(Array("WEBP".utf8))
            else { return nil }
            let anmf = Array("ANMF".utf8)
            var frames: [Frame] = []
            var offset = 12
            while offset + 8 <= bytes.count {
                let size = bytes.littleEndianInteger(at: offset + 4, size: 4)
                let payload = offset + 8
                guard size <= bytes.count - payload else { return nil }
                if bytes[offset..<(offset + 4)].elementsEqual(anmf) {
                    // X / 2, Y / 2, width − 1, height − 1, the duration in ms (3 bytes each), then
                    // flags (bit 1: do not blend, bit 0: dispose to background), then the image.
                    guard size >= 16 else { return nil }
                    let flags = bytes[payload + 15]
                    frames.append(
                        Frame(
                            payload: (payload + 16)..<(payload + size),
                            x: bytes.littleEndianInteger(at: payload, size: 3) * 2,
                            y: bytes.littleEndianInteger(at: payload + 3, size: 3) * 2,
                            width: bytes.littleEndianInteger(at: payload + 6, size: 3) + 1,
                            height: bytes.littleEndianInteger(at: payload + 9, size: 3) + 1,
                            duration: Double(bytes.littleEndianInteger(at: payload + 12, size: 3)) / 1000,
                            blends: flags & 0b10 == 0,
                            disposesToBackground: flags & 0b01 != 0
                        )
                    )
                }
                offset = payload + size + (size & 1)
            }
            return frames
        }
    }
}
