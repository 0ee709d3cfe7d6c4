// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// An animation source over frames already made: a cursor hands them out in order, then `nil`.
public struct FrameListSource: AnimationFrameSource {
    /// The frames, in order.
    public let frames: [Bitmap]

    /// A source of `frames`.
    public init(frames: [Bitmap]) {
        self.frames = frames
    }

    /// A cursor at the first frame.
    public func makeCursor() throws -> any AnimationFrameCursor {
        Cursor(frames: frames)
    }

    private final class Cursor: AnimationFrameCursor {
        private var frames: ArraySlice<Bitmap>

        init(frames: [Bitmap]) {
            self.frames = frames[...]
        }

        func nextFrame() throws -> Bitmap? {
            frames.popFirst()
        }
    }
}
