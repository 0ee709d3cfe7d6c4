// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// An AVIF sequence's frames: each pass parses the file again and decodes frame after frame
/// (every frame covers the whole canvas, so there is nothing to composite).
struct AVIFAnimationSource: AnimationFrameSource {
    let data: Data
    let maximumPixelCount: Int
    let maximumFrameCount: Int

    func makeCursor() throws -> any AnimationFrameCursor {
        AVIFAnimationCursor(
            reader: try AVIFReader(
                data: data,
                maximumPixelCount: maximumPixelCount,
                maximumFrameCount: maximumFrameCount
            )
        )
    }
}

/// One pass over a sequence's frames.
final class AVIFAnimationCursor: AnimationFrameCursor {
    private let reader: AVIFReader

    init(reader: AVIFReader) {
        self.reader = reader
    }

    func nextFrame() throws -> Bitmap? {
        try reader.nextFrame()
    }
}
