// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("EXIF kept in results: the proxy's sm and kcr, from JPEG, PNG and WebP sources")
struct KeptEXIFTests {
    static func image() throws -> Bitmap {
        try Bitmap(width: 30, height: 20, pixelFormat: .rgba8) { buffer in
            for index in stride(from: 0, to: buffer.count, by: 4) {
                buffer[index] = UInt8(index % 256)
                buffer[index + 1] = 90
                buffer[index + 2] = 200
                buffer[index + 3] = 255
            }
        }
    }

    /// Decoded by a pipeline whose JPEG decoder keeps EXIF.
    static func decode(_ data: Data) async throws -> ImageContainer {
        var registry = PluginRegistry.defaultPlugins
        registry.installDecodersKeepingEXIF()
        var configuration = ImagePipeline.Configuration(registry: registry)
        configuration.imageCache = nil
        return try await ImagePipeline(configuration: configuration)
            .imageTask(with: ImageRequest(id: UUID().uuidString, data: { data })).response.container
    }

    @Test(
        "A PNG or WebP source's EXIF is kept as a JPEG's: its copyright by default, all of it with sm:0",
        arguments: [OutputFormat.png, .webp]
    )
    func otherSources(format: OutputFormat) async throws {
        let fixture = try ProxyFixture()
        let plain = try format == .png ? PNGEncoder().encode(try Self.image()) : WebPEncoder().encode(try Self.image())
        let editor = try #require(PluginRegistry.defaultPlugins.metadataEditor(for: format.assetType))
        let tagged = try editor.settingEXIF(ProxyFixture.taggedEXIF, in: plain)
        fixture.origin.route("/tagged") { _ in .ok(tagged, contentType: format.mediaType) }
        let proxy = fixture.proxy()
        let source = try #require(EXIFBlock(ProxyFixture.taggedEXIF))
        func exif(_ options: String) async throws -> EXIFBlock? {
            let response = await proxy.respond(to: fixture.path(options + "/f:jpg", "/tagged"))
            #expect(response.status == 200)
            return try await (Self.decode(response.body).userInfo[.exifKey] as? Data).flatMap(EXIFBlock.init)
        }
        let copyright = try #require(try await exif("w:20"))
        #expect(copyright.ascii(0x8298) == source.ascii(0x8298) && copyright.ascii(0x010F) == nil)
        let everything = try #require(try await exif("w:20/sm:0"))
        #expect(everything.ascii(0x010F) == source.ascii(0x010F) && everything.integer(0x0112) == 1)
        #expect(try await exif("w:20/kcr:0") == nil)
    }

    @Test(
        "HEIF and AVIF sources' Exif items reach JPEG results (the root package's fixtures)",
        arguments: ["NukeHEIFTests/Fixtures/exif.heic", "NukeAVIFTests/Fixtures/exif.avif"]
    )
    func heifAndAVIFSources(fixturePath: String) async throws {
        let source = try ProxyFixture.rootFixture(fixturePath)
        let fixture = try ProxyFixture()
        fixture.origin.route("/exif") { _ in .ok(source, contentType: "application/octet-stream") }
        let proxy = fixture.proxy()
        func exif(_ options: String) async throws -> EXIFBlock? {
            let response = await proxy.respond(to: fixture.path(options + "/f:jpg", "/exif"))
            #expect(response.status == 200)
            return try await (Self.decode(response.body).userInfo[.exifKey] as? Data).flatMap(EXIFBlock.init)
        }
        // The fixtures' block holds only Artist and Copyright: kept by default and with sm:0.
        for options in ["w:20", "w:20/sm:0"] {
            let block = try #require(try await exif(options), "\(options)")
            #expect(block.ascii(0x013B) == Array("Ann Example".utf8))
            #expect(block.ascii(0x8298) == Array("(c) 2026 Ann Example".utf8))
        }
        #expect(try await exif("w:20/kcr:0") == nil)
    }

    @Test("Through the proxy: copyright kept by default, everything with sm:0, nothing with kcr:0; each its own result")
    func throughTheProxy() async throws {
        let fixture = try ProxyFixture()
        let cache = MockDataCache()
        let proxy = fixture.proxy(resultCache: cache)
        let source = try #require(EXIFBlock(ProxyFixture.taggedEXIF))
        func exif(_ options: String) async throws -> EXIFBlock? {
            let response = await proxy.respond(to: fixture.path(options + "/f:jpg", "/tagged.jpg"))
            #expect(response.status == 200)
            return try await (Self.decode(response.body).userInfo[.exifKey] as? Data).flatMap(EXIFBlock.init)
        }
        let copyright = try #require(try await exif("w:20"))
        #expect(copyright.ascii(0x8298) == source.ascii(0x8298) && copyright.ascii(0x013B) == source.ascii(0x013B))
        #expect(copyright.ascii(0x010F) == nil && copyright.integer(0x0112) == nil)
        let everything = try #require(try await exif("w:20/sm:0"))
        #expect(everything.ascii(0x010F) == source.ascii(0x010F) && everything.integer(0x0112) == 1)
        #expect(everything.nextIFDOffset == 0)
        #expect(try await exif("w:20/kcr:0") == nil)
        #expect(try await exif("w:20/strip_metadata:1/keep_copyright:0") == nil)
        // PNG and WebP results carry the block too; AVIF results carry none.
        let kept = try #require(source.keepingCopyright())
        for format in ["png", "webp"] {
            let body = await proxy.respond(to: fixture.path("w:20/f:\(format)", "/tagged.jpg")).body
            #expect(body.range(of: kept) != nil, "\(format)")
            #expect(try await Self.decode(body).image.width == 20)
        }
        let avif = await proxy.respond(to: fixture.path("w:20/f:avif", "/tagged.jpg")).body
        #expect(avif.range(of: kept) == nil)
        #expect(Set(cache.keys).count == cache.keys.count && cache.keys.count == 6)
        // The colour profile is another matter (ColorProfileTests): a source without one gives
        // the same result with scp:0 or scp:1, its EXIF kept alike.
        let sRGB = await proxy.respond(to: fixture.path("w:20/sm:0/scp:1", "/tagged.jpg")).body
        #expect(await proxy.respond(to: fixture.path("w:20/sm:0/scp:0", "/tagged.jpg")).body == sRGB)
    }
}
