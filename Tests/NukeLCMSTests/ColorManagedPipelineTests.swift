// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeAVIF
import NukeCore
import NukeJPEG
import NukePNG
import NukeTestSupport
import NukeWebP
import Testing

@testable import NukeLCMS

@Suite struct ColorManagedPipelineTests {
    func pipeline(installingLCMS: Bool = true, _ configure: (inout ImagePipeline.Configuration) -> Void = { _ in })
        -> ImagePipeline
    {
        var registry = PluginRegistry()
        registry.install(JPEGPlugin())
        registry.install(AVIFPlugin())
        registry.install(PNGPlugin())
        registry.install(WebPPlugin())
        if installingLCMS { registry.install(LCMSPlugin()) }
        return ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
            configure(&$0)
        }
    }

    func load(_ name: String, with pipeline: ImagePipeline) async throws -> ImageContainer {
        let data = try fixture(name)
        return try await pipeline.imageTask(with: ImageRequest(id: name, data: { data })).response.container
    }

    @Test("A Display P3 JPEG arrives in sRGB, within 1 level of Pillow's decode and conversion")
    func jpeg() async throws {
        let container = try await load("display-p3.jpg", with: pipeline())
        #expect(try difference(container.image, try image("display-p3-jpeg.reference.ppm")) <= 1)
        #expect(container.userInfo[.iccProfileKey] == nil)
    }

    @Test("An Adobe CMYK JPEG arrives in sRGB through its CMYK profile, within 1 level of Pillow's")
    func cmykJPEG() async throws {
        let container = try await load("cmyk-icc.jpg", with: pipeline())
        #expect(try difference(container.image, try image("cmyk-icc.reference.ppm")) <= 1)
        #expect(container.userInfo[.iccProfileKey] == nil)
        // Without the conversion the inks are mixed without a profile; the CMYK profile, which
        // does not describe RGB pixels, is not carried either way.
        for pipeline in [pipeline { $0.colorManagement = .keepOriginalProfile }, pipeline(installingLCMS: false)] {
            let naive = try await load("cmyk-icc.jpg", with: pipeline)
            #expect(naive.userInfo[.iccProfileKey] == nil)
            #expect(naive.userInfo[.sourceICCProfileKey] as? Data == (try fixture("cmyk.icc")))
            #expect(try difference(naive.image, container.image) > 10)
        }
    }

    @Test("PNG's iCCP and WebP's ICCP profiles are honoured", arguments: ["display-p3.png", "display-p3.webp"])
    func pngAndWebP(name: String) async throws {
        let container = try await load(name, with: pipeline())
        #expect(try difference(container.image, try image("display-p3.reference.ppm")) <= 1)
        let kept = try await load(name, with: pipeline { $0.colorManagement = .keepOriginalProfile })
        #expect(kept.userInfo[.iccProfileKey] as? Data == (try fixture("display-p3.icc")))
        #expect(try difference(kept.image, try image("source.ppm")) == 0)
    }

    @Test("AVIF's ICC profile and its nclx code points are both honoured")
    func avif() async throws {
        let pipeline = pipeline()
        let reference = try image("display-p3-avif.reference.ppm")
        for name in ["display-p3-icc.avif", "display-p3-cicp.avif"] {
            let container = try await load(name, with: pipeline)
            #expect(try difference(container.image, reference) <= 1, "\(name)")
            #expect(container.userInfo[.cicpKey] == nil && container.userInfo[.iccProfileKey] == nil)
        }
    }

    @Test("keepOriginalProfile, or no colour manager, leaves the pixels and carries the profile")
    func keeping() async throws {
        let converted = try await load("display-p3.jpg", with: pipeline())
        for pipeline in [pipeline { $0.colorManagement = .keepOriginalProfile }, pipeline(installingLCMS: false)] {
            let kept = try await load("display-p3.jpg", with: pipeline)
            #expect(kept.userInfo[.iccProfileKey] as? Data == (try fixture("display-p3.icc")))
            #expect(try difference(kept.image, converted.image) > 10)
        }
        let cicp = try await load("display-p3-cicp.avif", with: pipeline { $0.colorManagement = .keepOriginalProfile })
        #expect(cicp.userInfo[.cicpKey] as? CICP == CICP(colorPrimaries: 12, transferCharacteristics: 13))
    }

    @Test("A request's own colour management replaces the pipeline's, and is part of its cache keys")
    func perRequestPolicy() async throws {
        let data = try fixture("display-p3.jpg")
        let converting = pipeline { $0.imageCache = ImageCache() }
        var keeping = ImageRequest(id: "p3", data: { data })
        keeping.colorManagement = .keepOriginalProfile
        let plain = ImageRequest(id: "p3", data: { data })
        // Started together: they must not share one decode.
        async let keptTask = converting.imageTask(with: keeping).response
        async let convertedTask = converting.imageTask(with: plain).response
        let (kept, converted) = try await (keptTask, convertedTask)
        #expect(kept.container.userInfo[.iccProfileKey] as? Data == (try fixture("display-p3.icc")))
        #expect(converted.container.userInfo[.iccProfileKey] == nil)
        #expect(try difference(converted.image, try image("display-p3-jpeg.reference.ppm")) <= 1)
        #expect(try difference(kept.image, converted.image) > 10)

        // Each from the memory cache, under its own key.
        let keptAgain = try await converting.imageTask(with: keeping).response
        let convertedAgain = try await converting.imageTask(with: plain).response
        #expect(keptAgain.cacheType == .memory && convertedAgain.cacheType == .memory)
        #expect(try difference(keptAgain.image, kept.image) == 0)
        #expect(try difference(convertedAgain.image, converted.image) == 0)
        #expect(converting.cache.makeDataCacheKey(for: keeping) != converting.cache.makeDataCacheKey(for: plain))

        // The other way round: a pipeline that keeps profiles converts a request that asks.
        var converts = plain
        converts.colorManagement = .convertToSRGB()
        let keepingPipeline = pipeline { $0.colorManagement = .keepOriginalProfile }
        let convertedByRequest = try await keepingPipeline.imageTask(with: converts).response
        #expect(try difference(convertedByRequest.image, converted.image) == 0)
        #expect(convertedByRequest.container.userInfo[.iccProfileKey] == nil)
    }

    @Test("An animation's frames are converted as they are produced")
    func animationFrames() throws {
        let frame = try image("source.ppm")
        let animation = ImageAnimation(
            width: frame.width,
            height: frame.height,
            frameDurations: [0.1, 0.1],
            loopCount: 0,
            source: FrameListSource(frames: [frame, frame])
        )
        let manager = LCMSColorManager()
        let profile = ColorProfile.icc(try fixture("display-p3.icc"))
        let mapped = animation.mappingFrames { try manager.convertToSRGB($0, from: profile, intent: .perceptual) ?? $0 }
        let reference = try image("display-p3.reference.ppm")
        #expect(try difference(try mapped.frame(at: 1), reference) <= 1)
        #expect(try difference(try animation.frame(at: 1), frame) == 0)
    }
}
