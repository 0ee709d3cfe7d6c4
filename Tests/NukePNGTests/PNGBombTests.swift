// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukePNG

/// Small PNGs that declare huge images and end early: typed errors, never an image with its
/// missing rows left transparent.
@Suite struct PNGBombTests {
    private func pipeline() -> ImagePipeline {
        HostileImages.pipeline(installing: PNGPlugin())
    }

    @Test("A PNG declaring 16384×16384 whose compressed stream ends properly after one row, then IEND, is truncated")
    func streamEndsEarlyBeforeIEND() async throws {
        let bomb = HostileImages.png(width: 16384, height: 16384, rowCount: 1)
        #expect(await HostileImages.decodingError(loading: bomb, with: pipeline()) == .truncated)
        #expect(throws: ImageDecodingError.truncated) { try decoder(for: bomb).decode(bomb) }
    }

    @Test("A PNG declaring 16000×16000 whose data stops inside the stream, with no IEND, is truncated")
    func dataStops() async throws {
        let bomb = HostileImages.png(width: 16000, height: 16000, rowCount: 1, endsStream: false, hasIEND: false)
        #expect(await HostileImages.decodingError(loading: bomb, with: pipeline()) == .truncated)
    }

    @Test("As a preview of partial data, the same file is an image marked as a preview")
    func partialPreview() throws {
        let bomb = HostileImages.png(width: 64, height: 64, rowCount: 40)
        let preview = try #require(decoder(for: bomb).decodePartiallyDownloadedData(bomb))
        #expect(preview.isPreview)
        #expect(throws: ImageDecodingError.truncated) { try decoder(for: bomb).decode(bomb) }
    }

    @Test("The generator's complete files decode: the stream and IEND are valid")
    func completeGeneratedFileDecodes() async throws {
        let data = HostileImages.png(width: 64, height: 64, rowCount: 64)
        #expect(await HostileImages.decodingError(loading: data, with: pipeline()) == nil)
    }
}
