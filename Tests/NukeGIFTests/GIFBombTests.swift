// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeGIF

/// GIFs that declare huge canvases or carry too many frames: typed errors before any frame is
/// composited.
@Suite struct GIFBombTests {
    private func pipeline(_ configure: (inout ImagePipeline.Configuration) -> Void = { _ in }) -> ImagePipeline {
        HostileImages.pipeline(installing: GIFPlugin(), configure: configure)
    }

    @Test("A tiny GIF with a 16384×16384 canvas is refused: three canvases exceed the budget")
    func hugeCanvas() async throws {
        let bomb = HostileImages.gif(width: 16384, height: 16384, frameCount: 2)
        #expect(bomb.count < 100)
        let error = await HostileImages.decodingError(loading: bomb, with: pipeline())
        #expect(error == .exceedsMemoryBudget(bytes: 3 * 16384 * 16384 * 4, budget: (1 << 28) * 4))
    }

    @Test("More frames than the pipeline's limit is a typed error; at the limit every frame is there")
    func frameLimit() async throws {
        let limited = pipeline { $0.maximumAnimationFrameCount = 300 }
        let over = HostileImages.gif(width: 4, height: 4, frameCount: 301)
        #expect(await HostileImages.decodingError(loading: over, with: limited) == .tooManyFrames(limit: 300))

        let atLimit = HostileImages.gif(width: 4, height: 4, frameCount: 300)
        let response = try await limited.imageTask(with: ImageRequest(id: "at-limit", data: { atLimit })).response
        #expect(response.container.animation?.frameCount == 300)
    }
}
