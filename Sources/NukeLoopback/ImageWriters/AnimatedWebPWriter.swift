// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Assembles an animated WebP from still WebP files (one per frame, each the canvas size), for
/// generated fixtures and the demo gallery.
///
/// Each frame's image chunks (`VP8 `, `VP8L`, and `ALPH` when present) go into an `ANMF` chunk
/// as they are; the writer adds the `VP8X` and `ANIM` chunks. Encode the stills with
/// `WebPEncoder`.
public enum AnimatedWebPWriter {
    /// Why a still could not be used as a frame.
    public enum Error: Swift.Error, Equatable {
        /// The data is not a RIFF WebP file.
        case notWebP(frame: Int)
    }

    /// One frame: a still WebP file and how long it shows.
    public struct Frame: Sendable {
        /// A still WebP file of the canvas size (or of ``size``).
        public var webp: Data
        /// The duration in milliseconds.
        public var durationMilliseconds: Int
        /// The still's size when it is smaller than the canvas; `nil` for the canvas size.
        public var size: (width: Int, height: Int)?
        /// Where the still's top left corner goes on the canvas (even numbers; WebP stores half).
        public var origin: (x: Int, y: Int)
        /// Whether the still is alpha-blended over the canvas (else it replaces its rectangle).
        public var blends: Bool
        /// Whether the still's rectangle is cleared to transparent before the next frame.
        public var disposesToBackground: Bool

        /// Creates a frame; by default at the top left, replacing what is under it, kept.
        public init(
            webp: Data,
            durationMilliseconds: Int,
            size: (width: Int, height: Int)? = nil,
            origin: (x: Int, y: Int) = (0, 0),
            blends: Bool = false,
            disposesToBackground: Bool = false
        ) {
            self.webp = webp
            self.durationMilliseconds = durationMilliseconds
            self.size = size
            self.origin = origin
            self.blends = blends
            self.disposesToBackground = disposesToBackground
        }
    }

    /// Assembles the frames into an animated WebP of `width` × `height` that loops `loopCount`
    /// times (0: forever).
    public static func assemble(_ frames: [Frame], width: Int, height: Int, loopCount: Int = 0) throws(Error) -> Data {
        var body = Data()
        var hasAlpha = false
        var animationFrames = Data()
        for (index, frame) in frames.enumerated() {
            guard let chunks = imageChunks(of: frame.webp) else { throw .notWebP(frame: index) }
            hasAlpha = hasAlpha || chunks.contains { $0.fourCC == "ALPH" || $0.fourCC == "VP8L" }
            var payload = Data()
            payload.appendLittleEndian24(frame.origin.x / 2)
            payload.appendLittleEndian24(frame.origin.y / 2)
            payload.appendLittleEndian24((frame.size?.width ?? width) - 1)
            payload.appendLittleEndian24((frame.size?.height ?? height) - 1)
            payload.appendLittleEndian24(frame.durationMilliseconds)
            payload.append((frame.blends ? 0 : 0b10) | (frame.disposesToBackground ? 0b01 : 0))
            for chunk in chunks { appendChunk(chunk.fourCC, chunk.payload, to: &payload) }
            appendChunk("ANMF", payload, to: &animationFrames)
        }
        var header = Data([(hasAlpha ? 0x10 : 0) | 0x02, 0, 0, 0])  // alpha, animation
        header.appendLittleEndian24(width - 1)
        header.appendLittleEndian24(height - 1)
        appendChunk("VP8X", header, to: &body)
        var animation = Data([0, 0, 0, 0])  // background colour
        animation.appendLittleEndian16(loopCount)
        appendChunk("ANIM", animation, to: &body)
        body.append(animationFrames)

        var file = Data("RIFF".utf8)
        file.appendLittleEndian32(4 + body.count)
        file.append(contentsOf: Array("WEBP".utf8))
        file.append(body)
        return file
    }

    private static func imageChunks(of webp: Data) -> [(fourCC: String, payload: Data)]? {
        let bytes = [UInt8](webp)
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8)
        else { return nil }
        var chunks: [(fourCC: String, payload: Data)] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let fourCC = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = (0..<4).reduce(0) { $0 | Int(bytes[offset + 4 + $1]) << (8 * $1) }
            let start = offset + 8
            guard start + size <= bytes.count else { return nil }
            if ["VP8 ", "VP8L", "ALPH"].contains(fourCC) {
                chunks.append((fourCC, Data(bytes[start..<start + size])))
            }
            offset = start + size + (size & 1)
        }
        return chunks.isEmpty ? nil : chunks
    }

    private static func appendChunk(_ fourCC: String, _ payload: Data, to data: inout Data) {
        data.append(contentsOf: Array(fourCC.utf8))
        data.appendLittleEndian32(payload.count)
        data.append(payload)
        if payload.count & 1 == 1 { data.append(0) }
    }
}
