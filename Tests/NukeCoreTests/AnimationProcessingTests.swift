// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeImaging
import NukeTestSupport
import Synchronization
import Testing

@testable import NukeCore

/// `count` frames of `size × size` solid RGBA, the frame number as the red level.
private struct SolidFrames: AnimationFrameSource {
    let count: Int
    let size: Int

    func makeCursor() throws -> any AnimationFrameCursor { Cursor(count: count, size: size) }

    private final class Cursor: AnimationFrameCursor {
        let count: Int
        let size: Int
        var index = 0
        init(count: Int, size: Int) { (self.count, self.size) = (count, size) }

        func nextFrame() throws -> Bitmap? {
            guard index < count else { return nil }
            defer { index += 1 }
            return try Bitmap(width: size, height: size, pixelFormat: .rgba8, fill: [UInt8(index % 256), 0, 0, 255])
        }
    }
}

/// Resizes to `side × side` and counts its calls.
private struct Shrink: ImageProcessing, Hashable {
    var side: Int
    var handling: AnimationProcessing = .everyFrame
    let calls = CallCounter()

    var identifier: String { "test/shrink?side=\(side)" }
    var animationProcessing: AnimationProcessing { handling }

    func process(_ image: Bitmap) -> Bitmap? {
        _ = calls.next()
        return try? image.resized(width: side, height: side)
    }

    static func == (lhs: Shrink, rhs: Shrink) -> Bool { lhs.side == rhs.side && lhs.handling == rhs.handling }
    func hash(into hasher: inout Hasher) { hasher.combine(side) }
}

@Suite struct AnimationProcessingTests {
    func animated(frames: Int = 5, size: Int = 8, budget: Int = 1 << 20) throws -> ImageContainer {
        let animation = ImageAnimation(
            width: size,
            height: size,
            frameDurations: (0..<frames).map { 0.01 * Double($0 + 1) },
            loopCount: 3,
            memoryBudget: budget,
            source: SolidFrames(count: frames, size: size)
        )
        var container = ImageContainer(image: try animation.frame(at: 0), type: .gif)
        container.animation = animation
        return container
    }

    func context(_ container: ImageContainer) -> ImageProcessingContext {
        ImageProcessingContext(
            request: ImageRequest(url: nil),
            response: ImageResponse(container: container, request: ImageRequest(url: nil)),
            isCompleted: true
        )
    }

    @Test("Every frame is processed, on demand, with durations and loop count kept")
    func everyFrame() throws {
        let input = try animated()
        let shrink = Shrink(side: 2)
        let output = try shrink.processingAnimation(input, context: context(input))
        #expect(output.image.width == 2 && output.image.height == 2)
        let animation = try #require(output.animation)
        #expect(animation.width == 2 && animation.height == 2)
        #expect(animation.frameDurations == input.animation?.frameDurations && animation.loopCount == 3)
        #expect(shrink.calls.next() == 1, "only the still so far")  // next() returns the calls before it
        for index in 0..<5 {
            let frame = try animation.frame(at: index)
            #expect(frame.width == 2 && frame.pixel(x: 1, y: 1) == [UInt8(index), 0, 0, 255])
        }
        #expect(shrink.calls.next() == 1 + 1 + 5, "the still, the count above and each frame once")
    }

    @Test("A processor that cannot apply per frame yields a still; one that handles the container is left alone")
    func otherHandlings() throws {
        let input = try animated()
        let still = try Shrink(side: 2, handling: .firstFrameOnly).processingAnimation(input, context: context(input))
        #expect(still.animation == nil && still.image.width == 2)
        let whole = try Shrink(side: 2, handling: .wholeContainer).processingAnimation(input, context: context(input))
        #expect(whole.animation?.width == 8, "the processor's own result, animation untouched")
        // In a composition each processor treats the animation its own way.
        let composed = ImageProcessors.Composition([Shrink(side: 4), Shrink(side: 2)])
        let both = try composed.processingAnimation(input, context: context(input))
        #expect(both.animation?.width == 2)
        #expect(try both.animation?.frame(at: 4).pixel(x: 0, y: 0) == [4, 0, 0, 255])
        let stopped = ImageProcessors.Composition([Shrink(side: 4), Shrink(side: 2, handling: .firstFrameOnly)])
        #expect(try stopped.processingAnimation(input, context: context(input)).animation == nil)
    }

    @Test("The pipeline's frame limit applies to processing: past it, a typed error before any frame")
    func frameLimit() throws {
        let input = try animated(frames: 5)
        var limited = context(input)
        limited.maximumFrameCount = 4
        let shrink = Shrink(side: 2)
        #expect(throws: ImageProcessingError.tooManyFrames(limit: 4)) {
            try shrink.processingAnimation(input, context: limited)
        }
        #expect(shrink.calls.next() == 0)
        // A processor that makes a still of it is not limited.
        let still = try Shrink(side: 2, handling: .firstFrameOnly).processingAnimation(input, context: limited)
        #expect(still.animation == nil)
    }

    @Test("A frame processed to another size than the first is a typed error when it is produced")
    func frameSizeMismatch() throws {
        let input = try animated()
        let growing = ImageProcessors.Anonymous(id: "test/growing") { image in
            try? image.resized(width: image.pixel(x: 0, y: 0)[0] == 2 ? 3 : 2, height: 2)
        }
        let output = try growing.processingAnimation(input, context: context(input))
        let animation = try #require(output.animation)
        _ = try animation.frame(at: 1)
        #expect(
            throws: ImageProcessingError.frameSizeMismatch(
                frame: 2,
                width: 3,
                height: 2,
                expectedWidth: 2,
                expectedHeight: 2
            )
        ) { try animation.frame(at: 2) }
    }

    @Test("A 1,000-frame animation is processed within its memory budget, never all at once")
    func boundedMemory() throws {
        // 1,000 frames of 40×40 RGBA are 6.4 MB; the budget holds six of the processed frames.
        let input = try animated(frames: 1000, size: 40, budget: 6 * 20 * 20 * 4)
        let output = try Shrink(side: 20).processingAnimation(input, context: context(input))
        let animation = try #require(output.animation)
        var peak = 0
        for index in 0..<animation.frameCount {
            #expect(try animation.frame(at: index).pixel(x: 0, y: 0)[0] == UInt8(index % 256))
            peak = max(peak, animation.cachedFrameBytes)
        }
        #expect(peak <= 6 * 20 * 20 * 4 && peak > 0)
    }

    @Test("The memory cache counts an animation's frames in an entry's cost")
    func memoryCacheCost() throws {
        let input = try animated(frames: 5, size: 8, budget: 1 << 20)
        let still = ImageContainer(image: input.image)
        #expect(ImageCache.cost(of: input) == ImageCache.cost(of: still) + 5 * 8 * 8 * 4)
        let bounded = try animated(frames: 5, size: 8, budget: 600)
        #expect(ImageCache.cost(of: bounded) == ImageCache.cost(of: still) + 600)
    }
}
