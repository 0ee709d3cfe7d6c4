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
        // Chunks end at 25% (before the DC), 50% (the DC), 75% (some groups) and 100%.
        let load = try await ChunkedLoad.load(
            try fixture("progressive.jxl"),
            from: URL(string: "http://example.com/progressive.jxl")!,
            chunkCount: 4,
            installing: JXLPlugin()
        )
        #expect(load.image.width == 512 && load.image.height == 384)
        #expect(load.previewWidths.count >= 1 && load.previewWidths.count <= 2)
        #expect(load.previewWidths.allSatisfy { $0 == 512 })
    }
}
