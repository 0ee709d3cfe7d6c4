// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeJXL

@Suite struct JXLPipelineTests {
    @Test("A JPEG XL download in chunks gives previews by default, then the final image")
    func progressivePreviews() async throws {
        let data = try fixture("progressive.jxl")
        // Chunks end at 25% (before the DC), 50% (the DC), 75% (some groups) and 100%.
        let loader = MockProgressiveDataLoader(data: data, chunkCount: 4)
        var registry = PluginRegistry()
        registry.install(JXLPlugin())
        let pipeline = ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
            $0.dataLoader = loader
            $0.isProgressiveDecodingEnabled = true
            $0.progressiveDecodingInterval = 0
            $0.isRateLimiterEnabled = false
        }
        let task = pipeline.imageTask(with: URL(string: "http://example.com/progressive.jxl")!)
        let previews = Collector<Int>()
        let collecting = Task { for await preview in task.previews { previews.append(preview.image.width) } }
        try #require(await waitUntil { loader.hasStarted })
        // Each chunk waits for the pipeline to see the previous one; the last waits for a preview.
        try await loader.serveChunksOneByOne(to: task) { previews.count >= 1 }
        let image = try await task.image
        await collecting.value
        #expect(image.width == 512 && image.height == 384)
        #expect(previews.count >= 1 && previews.count <= 2)
        #expect(previews.all.allSatisfy { $0 == 512 })
    }
}
