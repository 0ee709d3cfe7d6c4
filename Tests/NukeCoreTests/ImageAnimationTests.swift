// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeTestSupport
import Synchronization
import Testing

@testable import NukeCore

/// Frames of solid grey, the frame number as the grey level; counts the cursors made.
private final class CountingSource: AnimationFrameSource {
    let cursorsMade = CallCounter()
    /// Called inside `nextFrame()` with the index about to be produced (plugin code).
    let duringNextFrame = Mutex<(@Sendable (Int) -> Void)?>(nil)

    func makeCursor() throws -> any AnimationFrameCursor {
        _ = cursorsMade.next()
        return Cursor(source: self)
    }

    private final class Cursor: AnimationFrameCursor {
        let source: CountingSource
        var index = 0
        init(source: CountingSource) { self.source = source }

        func nextFrame() throws -> Bitmap? {
            guard index < 5 else { return nil }
            source.duringNextFrame.withLock { $0 }?(index)
            defer { index += 1 }
            return try Bitmap(width: 1, height: 1, pixelFormat: .gray8, fill: [UInt8(index)])
        }
    }
}

@Suite struct ImageAnimationTests {
    private func makeAnimation(_ source: CountingSource, budget: Int = 1 << 20) -> ImageAnimation {
        ImageAnimation(
            width: 1,
            height: 1,
            frameDurations: Array(repeating: 0.1, count: 5),
            loopCount: 0,
            memoryBudget: budget,
            source: source
        )
    }

    @Test func framesInOrderUseOneCursorAndGoingBackPastTheCacheMakesAnother() throws {
        let source = CountingSource()
        let animation = makeAnimation(source, budget: 2)  // Two 1-byte frames fit.
        for index in 0..<5 { #expect(try animation.frame(at: index).pixel(x: 0, y: 0) == [UInt8(index)]) }
        #expect(source.cursorsMade.next() == 1)
        #expect(try animation.frame(at: 4).pixel(x: 0, y: 0) == [4], "cached")
        #expect(try animation.frame(at: 0).pixel(x: 0, y: 0) == [0], "evicted: composited again")
        #expect(source.cursorsMade.next() == 3)
    }

    @Test func thePluginsCursorRunsOutsideTheLock() throws {
        let source = CountingSource()
        let animation = makeAnimation(source)
        let inner = Mutex<[UInt8]>([])
        // Plugin code that reads the same animation while producing a frame: under a lock this
        // would deadlock (a Mutex is not re-entrant); here the inner read makes its own cursor.
        source.duringNextFrame.withLock {
            $0 = { index in
                guard index == 2 else { return }
                let pixel = (try? animation.frame(at: 1).pixel(x: 0, y: 0)) ?? []
                inner.withLock { $0 = pixel }
            }
        }
        #expect(try animation.frame(at: 3).pixel(x: 0, y: 0) == [3])
        #expect(inner.withLock { $0 } == [1])
    }
}
