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
        // Two chunks: the first half (the DC and some groups), then the rest. (With more chunks,
        // one that arrives while an earlier chunk's preview is still decoding is skipped — the
        // pipeline's back-pressure — so a busy machine could leave only chunks before the DC.)
        let load = try await ChunkedLoad.load(
            try fixture("progressive.jxl"),
            from: URL(string: "http://example.com/progressive.jxl")!,
            chunkCount: 2,
            installing: JXLPlugin()
        )
        #expect(load.image.width == 512 && load.image.height == 384)
        #expect(load.previewWidths == [512])
    }
}
