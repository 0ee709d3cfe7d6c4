// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

/// A format NukeCore has never heard of, added from this test target: binary PPM ("P6").
private enum PPM {
    static let type: AssetType = "ppm"
    static let format = ImageFormat(
        type,
        mimeTypes: ["image/x-portable-pixmap"],
        fileExtensions: ["ppm", "pnm"],
        sniffer: .magic("P6")
    )

    /// `P6 <width> <height> 255`, then RGB triplets.
    static func encode(width: Int, height: Int, pixel: (Int, Int) -> [UInt8]) -> Data {
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        for y in 0..<height {
            for x in 0..<width { data.append(contentsOf: pixel(x, y)) }
        }
        return data
    }

    struct Decoder: ImageDecoding {
        var maximumPixelCount: Int

        func decode(_ data: Data) throws -> ImageContainer {
            let fields = data.prefix(64).split(whereSeparator: { [0x20, 0x0A].contains($0) }).prefix(4)
            guard fields.count == 4, let width = Int(String(decoding: fields[1], as: UTF8.self)),
                let height = Int(String(decoding: fields[2], as: UTF8.self)), width > 0, height > 0
            else { throw ImageDecodingError.corrupt(reason: "bad PPM header") }
            guard width * height <= maximumPixelCount else {
                throw ImageDecodingError.imageTooLarge(width: width, height: height, limit: maximumPixelCount)
            }
            let headerLength = fields.last!.endIndex - data.startIndex + 1
            let rgb = [UInt8](data.dropFirst(headerLength))
            guard rgb.count >= width * height * 3 else { throw ImageDecodingError.truncated }
            var rgba: [UInt8] = []
            rgba.reserveCapacity(width * height * 4)
            for pixel in 0..<width * height {
                rgba += rgb[pixel * 3..<pixel * 3 + 3]
                rgba.append(255)
            }
            let image = try Bitmap(width: width, height: height, pixelFormat: .rgba8, pixels: rgba)
            return ImageContainer(image: image, type: type, data: data)
        }
    }

    struct Plugin: NukePlugin {
        var id: PluginID { "com.example.ppm" }

        func register(in registry: inout PluginRegistry) {
            registry.register(format)
            registry.register(Capabilities.Decoding.self, id: "com.example.ppm.decoder", for: [type]) {
                Decoder(maximumPixelCount: $0.maximumPixelCount)
            }
        }
    }
}

@Suite struct FormatDetectionTests {
    static let ramp = PPM.encode(width: 3, height: 2) { x, y in [UInt8(x * 100), UInt8(y * 200), 7] }

    @Test("A format registered by a plugin outside NukeCore is recognised and decoded through the pipeline")
    func pluginFormatThroughPipeline() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("ramp.bin")  // no telling extension: the bytes decide
        try Self.ramp.write(to: file)
        var registry = PluginRegistry()
        registry.install(PPM.Plugin())
        let pipeline = ImagePipeline { $0.registry = registry }

        let response = try await pipeline.imageTask(with: file).response
        #expect(response.container.type == PPM.type)
        #expect(response.image.width == 3 && response.image.height == 2)
        #expect(response.image.pixel(x: 2, y: 1) == [200, 200, 7, 255])
    }

    @Test("Without the format, the decoder registered for its type is never asked")
    func decoderNeedsFormat() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("ramp.bin")
        try Self.ramp.write(to: file)
        var registry = PluginRegistry()
        registry.install(PPM.Plugin())
        registry.unregister(Capabilities.FormatDetection.self, id: PluginRegistry.formatID(PPM.type))
        let pipeline = ImagePipeline { $0.registry = registry }

        await #expect {
            _ = try await pipeline.image(for: file)
        } throws: { error in
            guard case .decoderNotRegistered(let context)? = error as? ImagePipeline.Error else { return false }
            return context.assetType == nil
        }
    }

    @Test("Without bytes to recognise, the MIME type and then the URL's extension name the format")
    func mimeTypeAndExtension() throws {
        var registry = PluginRegistry()
        registry.register(
            ImageFormat("raw8", mimeTypes: ["image/x-raw8"], fileExtensions: ["raw8", "r8"], sniffer: nil)
        )
        let bytes = Data([1, 2, 3, 4])
        let response = DataResponse(url: nil, headers: ["Content-Type": "Image/X-Raw8; q=1"])
        let byMIME = ImageDecodingContext(
            request: ImageRequest(url: .test),
            data: bytes,
            dataResponse: response,
            registry: registry
        )
        #expect(byMIME.assetType == "raw8")
        let byExtension = ImageDecodingContext(
            request: ImageRequest(url: URL(string: "file:///a/b.R8")),
            data: bytes,
            registry: registry
        )
        #expect(byExtension.assetType == "raw8")
        // Bytes win over the MIME type, the MIME type over the extension.
        let png = ImageDecodingContext(
            request: ImageRequest(url: URL(string: "http://x/y.raw8")),
            data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            dataResponse: DataResponse(url: nil, mimeType: "image/gif"),
            registry: registry
        )
        #expect(png.assetType == .png)
        #expect(registry.assetType(of: bytes, mimeType: "image/gif", url: URL(string: "http://x/y.raw8")) == .gif)
        #expect(registry.assetType(of: bytes, url: URL(string: "http://x/y")) == nil)
    }

    @Test("A newer registration is asked first and can replace a built-in format")
    func precedence() {
        var registry = PluginRegistry()
        let jpegBytes = Data([0xFF, 0xD8, 0xFF, 0xE0])
        #expect(registry.assetType(sniffing: jpegBytes) == .jpeg)
        // A format claiming the same bytes, registered later, wins.
        registry.register(ImageFormat("jpeg-flavour", sniffer: .magic([0xFF, 0xD8])))
        #expect(registry.assetType(sniffing: jpegBytes) == "jpeg-flavour")
        registry.unregister(Capabilities.FormatDetection.self, id: PluginRegistry.formatID("jpeg-flavour"))
        // Re-registering a built-in type replaces the built-in description.
        registry.register(ImageFormat(.jpeg, mimeTypes: ["image/x-only"], sniffer: .magic("JJ")))
        #expect(registry.assetType(sniffing: jpegBytes) == nil)
        #expect(registry.assetType(sniffing: Data("JJ".utf8)) == .jpeg)
        #expect(registry.assetType(mimeType: "image/jpeg") == nil)
        #expect(registry.format(.jpeg)?.mimeType == "image/x-only")
        #expect(registry.formats.count == ImageFormat.builtIn.count)
    }

    @Test("Every registry starts with the built-in formats, which AssetType's own sniffing uses")
    func builtIns() {
        let registry = PluginRegistry()
        #expect(registry.formats.map(\.type) == ImageFormat.builtIn.map(\.type))
        #expect(registry.installedPlugins.isEmpty)
        #expect(registry.format(.jpeg)?.fileExtension == "jpg")
        #expect(registry.format(.heic)?.mimeType == "image/heic")
        #expect(registry.assetType(fileExtension: "TIF") == .tiff)
        for format in ImageFormat.builtIn {
            #expect(Set(format.mimeTypes).count == format.mimeTypes.count, "\(format)")
            #expect(format.sniffer != nil, "\(format)")
        }
    }

    @Test("Sniffers answer no, without trapping, for every prefix of every signature")
    func shortData() {
        let isoMedia: Set<AssetType> = [.heic, .avif, .mp4, .mov, .m4v]
        for (bytes, type) in AssetTypeTests.signatures {
            for length in 0..<bytes.count {
                let recognised = AssetType(Data(bytes.prefix(length)))
                // Nothing is told from one byte, nor an ISO-BMFF file before its major brand.
                if length < 2 || (isoMedia.contains(type) && length < 12) {
                    #expect(recognised == nil, "\(type) from \(length) bytes")
                }
            }
        }
        // Data slices that do not start at index 0 are read from their start.
        let slice = (Data([9, 9]) + Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])).dropFirst(2)
        #expect(AssetType(slice) == .png)
        let boxSlice = (Data([1]) + Data([0, 0, 0, 0x18] + Array("ftypavif".utf8))).dropFirst()
        #expect(AssetType(boxSlice) == .avif)
    }
}
