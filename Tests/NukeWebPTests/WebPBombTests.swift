// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeWebP

/// Animated WebPs that declare huge canvases or carry too many frames: typed errors before any
/// frame is decoded, and listing frames costs time in proportion to their number.
@Suite struct WebPBombTests {
    private func pipeline(_ configure: (inout ImagePipeline.Configuration) -> Void = { _ in }) -> ImagePipeline {
        HostileImages.pipeline(installing: WebPPlugin(), configure: configure)
    }

    /// An animation of `frameCount` 1×1 frames on a `canvas × canvas` canvas.
    private func animation(canvas: Int, frameCount: Int) throws -> Data {
        let pixel = try WebPEncoder().encode(HostileImages.noise(width: 1, height: 1))
        let frame = AnimatedWebPWriter.Frame(webp: pixel, durationMilliseconds: 40, size: (1, 1))
        return try AnimatedWebPWriter.assemble(
            Array(repeating: frame, count: frameCount),
            width: canvas,
            height: canvas
        )
    }

    @Test("A tiny animated WebP with a 16384×16384 canvas is refused: three canvases exceed the budget")
    func hugeCanvas() async throws {
        let bomb = try animation(canvas: 16384, frameCount: 1)
        #expect(bomb.count < 200)
        let error = await HostileImages.decodingError(loading: bomb, with: pipeline())
        #expect(error == .exceedsMemoryBudget(bytes: 3 * 16384 * 16384 * 4, budget: (1 << 28) * 4))
    }

    @Test("More frames than the limit is a typed error; at the limit the animation loads with every duration")
    func frameLimit() async throws {
        let limited = pipeline { $0.maximumAnimationFrameCount = 300 }
        let over = await HostileImages.decodingError(loading: try animation(canvas: 4, frameCount: 301), with: limited)
        #expect(over == .tooManyFrames(limit: 300))

        let data = try animation(canvas: 4, frameCount: 300)
        let response = try await limited.imageTask(with: ImageRequest(id: "at-limit", data: { data })).response
        #expect(response.container.animation?.frameCount == 300)
    }

    @Test("The default limit (50,000) refuses 50,001 frames without decoding one")
    func defaultFrameLimit() async throws {
        let bomb = try animation(canvas: 2, frameCount: 50_001)
        let error = await HostileImages.decodingError(loading: bomb, with: pipeline())
        #expect(error == .tooManyFrames(limit: 50_000))
    }

    @Test("Frames come from the container in one pass and match the file")
    func framesInOnePass() throws {
        let data = try animation(canvas: 3, frameCount: 20_000)
        let frames = try #require(WebPFrameList.read(data))
        #expect(frames.count == 20_000)
        #expect(frames.allSatisfy { $0.duration == 0.04 && $0.width == 1 && $0.height == 1 && $0.x == 0 })
        #expect(WebPFrameList.read(data.prefix(data.count - 5)) == nil)
    }
}
