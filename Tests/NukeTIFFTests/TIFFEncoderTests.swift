// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeTIFF

@Suite struct TIFFEncoderTests {
    @Test(
        "Gray, opaque and transparent images come back pixel for pixel, in every compression",
        arguments: [TIFFEncoder.Compression.none, .lzw, .deflate],
        [(false, false), (false, true), (true, true)]
    )
    func roundTrip(compression: TIFFEncoder.Compression, kind: (isGray: Bool, isOpaque: Bool)) throws {
        let noise = try Bitmap.noise(width: 301, height: 67, isOpaque: kind.isOpaque)
        let image = kind.isGray ? try Bitmap.grayNoise(width: 301, height: 67) : noise
        let data = try TIFFEncoder(compression: compression).encode(image)
        let decoded = try decode(data).image
        #expect(decoded.isOpaque == kind.isOpaque)
        #expect(ReferenceImage.maximumDifference(decoded, try image.convertedToRGBA()) == 0)
    }

    @Test("libtiff's own tiffinfo reads what is written: the compression, photometric and alpha asked for")
    func tiffinfo() async throws {
        let image = try Bitmap.noise(width: 40, height: 30, isOpaque: false)
        let transparent = try await ReferenceTool.output(
            of: "tiffinfo",
            [],
            on: try TIFFEncoder().encode(image),
            fileExtension: "tif"
        )
        for line in [
            "Image Width: 40 Image Length: 30", "AdobeDeflate", "RGB color", "Extra Samples: 1<unassoc-alpha>",
        ] {
            #expect(transparent.contains(line), "\(line)")
        }
        let opaque = try Bitmap.noise(width: 40, height: 30, isOpaque: true)
        let lzw = try await ReferenceTool.output(
            of: "tiffinfo",
            [],
            on: try TIFFEncoder(compression: .lzw).encode(opaque),
            fileExtension: "tif"
        )
        #expect(lzw.contains("Compression Scheme: LZW"))
        #expect(lzw.contains("Samples/Pixel: 3"))
        #expect(!lzw.contains("Extra Samples"))
    }

    @Test("A container's ICC profile is written and read back")
    func iccProfile() throws {
        let profile = ICCFixtures.rgbProfile()
        var container = ImageContainer(image: try Bitmap.noise(width: 8, height: 8, isOpaque: true))
        container.userInfo[.iccProfileKey] = profile
        let context = ImageEncodingContext(request: ImageRequest(url: nil), image: container, dataResponse: nil)
        let data = try TIFFEncoder().encode(container, context: context)
        #expect(try decode(data).userInfo[.iccProfileKey] as? Data == profile)
        #expect(try decode(try TIFFEncoder().encode(container.image)).userInfo[.iccProfileKey] == nil)
    }

    @Test("The plugin registers the encoder; an empty image is a typed error")
    func registrationAndErrors() throws {
        var registry = PluginRegistry()
        registry.install(TIFFPlugin(encoder: TIFFEncoder(compression: .lzw)))
        #expect(registry.encoder(for: .tiff) as? TIFFEncoder == TIFFEncoder(compression: .lzw))
        #expect {
            try TIFFEncoder().encode(try Bitmap(width: 0, height: 3, pixelFormat: .rgba8))
        } throws: { error in
            guard case .unsupportedImage = error as? ImageEncodingError else { return false }
            return true
        }
    }
}
