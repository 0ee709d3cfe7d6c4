// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeAVIF
import NukeCore
import NukeJPEG
import NukeJXL
import NukePNG
import NukeTestSupport
import NukeWebP
import Testing

@testable import NukeLCMS

@Suite struct ProfileEmbeddingTests {
    static let encoders: [(String, any ImageEncoding)] = [
        ("png", PNGEncoder()), ("webp", WebPEncoder(mode: .lossless)), ("avif", AVIFEncoder(mode: .lossless)),
        ("jxl", JXLEncoder(mode: .lossless)), ("jpeg", JPEGEncoder(quality: 0.95)),
    ]

    func pipeline(keepingProfiles: Bool) -> ImagePipeline {
        var registry = PluginRegistry()
        for plugin in [JPEGPlugin(), PNGPlugin(), WebPPlugin(), AVIFPlugin(), JXLPlugin(), LCMSPlugin()]
            as [any NukePlugin]
        {
            registry.install(plugin)
        }
        return ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
            if keepingProfiles { $0.colorManagement = .keepOriginalProfile }
        }
    }

    func load(_ data: Data, _ id: String, keepingProfiles: Bool = false) async throws -> ImageContainer {
        try await pipeline(keepingProfiles: keepingProfiles)
            .imageTask(with: ImageRequest(id: id, data: { data })).response.container
    }

    @Test(
        "Pixels that kept their profile are written with it, and read back in the right colours",
        arguments: encoders.map(\.0)
    )
    func embeds(format: String) async throws {
        let encoder = try #require(Self.encoders.first { $0.0 == format }?.1)
        let profile = try fixture("display-p3.icc")
        let container = ImageContainer(image: try image("source.ppm"), userInfo: [.iccProfileKey: profile])
        let context = ImageEncodingContext(request: ImageRequest(url: nil), image: container, dataResponse: nil)
        let data = try encoder.encode(container, context: context)
        let converted = try await load(data, "converted-\(format)")
        let kept = try await load(data, "kept-\(format)", keepingProfiles: true)
        if format != "jxl" {  // libjxl re-describes profiles it understands rather than copying them
            #expect(kept.userInfo[.iccProfileKey] as? Data == profile)
        }
        // The file's own pixels, read as Display P3, are what the converting pipeline serves…
        let expected = try #require(
            try LCMSColorManager().convertToSRGB(kept.image, from: .icc(profile), intent: .perceptual)
        )
        #expect(try difference(converted.image, expected) <= 1)
        // …and lossless files give back the source's colours, as Pillow converts them.
        if format != "jpeg" { #expect(try difference(converted.image, try image("display-p3.reference.ppm")) <= 1) }
        // Without a profile in the container, the file carries none.
        let plain = try encoder.encode(ImageContainer(image: try image("source.ppm")), context: context)
        let plainKept = try await load(plain, "plain-\(format)", keepingProfiles: true)
        if format != "jxl" { #expect(plainKept.userInfo[.iccProfileKey] == nil) }
    }

    @Test("The default encoder passes the container on, profile included")
    func defaultEncoder() async throws {
        let profile = try fixture("display-p3.icc")
        var registry = PluginRegistry()
        registry.install(PNGPlugin())
        let container = ImageContainer(image: try image("source.ppm"), userInfo: [.iccProfileKey: profile])
        let context = ImageEncodingContext(request: ImageRequest(url: nil), image: container, dataResponse: nil)
        let data = try ImageEncoders.Default(registry: registry, type: .png).encode(container, context: context)
        let kept = try await load(data, "default", keepingProfiles: true)
        #expect(kept.userInfo[.iccProfileKey] as? Data == profile)
    }
}
