// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

@testable import NukeHummingbird

@Suite("EXIF kept in results: JPEG, PNG and WebP files, and the proxy's sm and kcr")
struct EXIFEmbeddingTests {
    static let block = TIFFBuilder(entries: [(0x8298, .ascii(Array("© Ann".utf8)))]).build()

    static func image(alpha: UInt8 = 255) throws -> Bitmap {
        try Bitmap(width: 30, height: 20, pixelFormat: .rgba8) { buffer in
            for index in stride(from: 0, to: buffer.count, by: 4) {
                buffer[index] = UInt8(index % 256)
                buffer[index + 1] = 90
                buffer[index + 2] = 200
                buffer[index + 3] = alpha
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

    /// The RIFF chunks of a WebP file: four-character code and payload.
    static func chunks(_ webP: Data) -> [(String, Data)] {
        var chunks: [(String, Data)] = []
        var offset = 12
        let bytes = [UInt8](webP)
        while offset + 8 <= bytes.count {
            let size = (0..<4).reduce(0) { $0 | Int(bytes[offset + 4 + $1]) << (8 * $1) }
            guard offset + 8 + size <= bytes.count else { break }
            chunks.append(
                (
                    String(decoding: bytes[offset..<offset + 4], as: UTF8.self),
                    Data(bytes[offset + 8..<offset + 8 + size])
                )
            )
            offset += 8 + size + size % 2
        }
        return chunks
    }

    @Test("JPEG: an APP1 segment after the JFIF header that NukeJPEG reads back; the pixels unchanged")
    func jpeg() async throws {
        let plain = try JPEGEncoder(quality: 0.9).encode(try Self.image())
        let tagged = EXIFEmbedding.embedding(
            Self.block,
            in: plain,
            format: .jpeg,
            width: 30,
            height: 20,
            hasAlpha: false
        )
        #expect(tagged.count == plain.count + 4 + 6 + Self.block.count)
        let container = try await Self.decode(tagged)
        #expect(container.userInfo[.exifKey] as? Data == Self.block)
        let original = try await Self.decode(plain)
        #expect(container.image.withUnsafeBytes { Array($0) } == original.image.withUnsafeBytes { Array($0) })
    }

    @Test("PNG: an eXIf chunk after IHDR with a correct CRC; libpng decodes the same pixels")
    func png() async throws {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        let plain = try PNGEncoder().encode(try Self.image())
        let tagged = EXIFEmbedding.embedding(
            Self.block,
            in: plain,
            format: .png,
            width: 30,
            height: 20,
            hasAlpha: false
        )
        let chunk = [UInt8](tagged[33..<(33 + 8 + Self.block.count + 4)])
        #expect(chunk[4..<8].elementsEqual("eXIf".utf8) && Data(chunk[8..<(8 + Self.block.count)]) == Self.block)
        let crc = chunk.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(crc == CRC32.checksum(Array(chunk[4..<(8 + Self.block.count)])))
        let decoded = try await Self.decode(tagged)
        let original = try await Self.decode(plain)
        #expect(decoded.image.withUnsafeBytes { Array($0) } == original.image.withUnsafeBytes { Array($0) })
        // NukePNG reads the chunk back through libpng.
        #expect(decoded.userInfo[.exifKey] as? Data == Self.block)
    }

    @Test("WebP: simple lossy and lossless files become extended with an EXIF chunk; libwebp decodes them, alpha kept")
    func webP() async throws {
        let cases: [(Data, Bool)] = [
            (try WebPEncoder(mode: .lossy(quality: 0.8)).encode(try Self.image()), false),
            (try WebPEncoder(mode: .lossless).encode(try Self.image(alpha: 128)), true),
        ]
        for (plain, hasAlpha) in cases {
            let tagged = EXIFEmbedding.embedding(
                Self.block,
                in: plain,
                format: .webp,
                width: 30,
                height: 20,
                hasAlpha: hasAlpha
            )
            let chunks = Self.chunks(tagged)
            #expect(chunks.first?.0 == "VP8X" && chunks.last?.0 == "EXIF" && chunks.last?.1 == Self.block)
            let flags = try #require(chunks.first?.1.first)
            #expect(flags & 0x08 != 0 && (flags & 0x10 != 0) == hasAlpha)
            let size = [UInt8](tagged[4..<8]).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            #expect(size == tagged.count - 8)
            let decoded = try await Self.decode(tagged)
            let original = try await Self.decode(plain)
            #expect(decoded.image.width == 30 && decoded.image.height == 20)
            #expect(decoded.image.withUnsafeBytes { Array($0) } == original.image.withUnsafeBytes { Array($0) })
            // NukeWebP reads the chunk back through libwebp's demuxer.
            #expect(decoded.userInfo[.exifKey] as? Data == Self.block)
        }
        // Already extended (an animation): the flag is set and the chunk appended.
        let animated = EXIFEmbedding.embedding(
            Self.block,
            in: EXIFEmbedding.embedding(
                Data([1]),
                in: cases[0].0,
                format: .webp,
                width: 30,
                height: 20,
                hasAlpha: false
            ),
            format: .webp,
            width: 30,
            height: 20,
            hasAlpha: false
        )
        #expect(Self.chunks(animated).map(\.0) == ["VP8X", "VP8 ", "EXIF", "EXIF"])
        // Not the format it claims: left alone.
        #expect(
            EXIFEmbedding.embedding(
                Self.block,
                in: Data("nope".utf8),
                format: .jpeg,
                width: 1,
                height: 1,
                hasAlpha: false
            ) == Data("nope".utf8)
        )
    }

    @Test("Short, random or damaged files of each format: left alone or grown by the block, never a crash")
    func damagedFiles() throws {
        var random = SystemRandomNumberGenerator()
        let files = [
            try JPEGEncoder(quality: 0.9).encode(try Self.image()), try PNGEncoder().encode(try Self.image()),
            try WebPEncoder(mode: .lossy(quality: 0.8)).encode(try Self.image()),
        ]
        for (format, file) in zip([OutputFormat.jpeg, .png, .webp], files) {
            for _ in 0..<1000 {
                var bytes = [UInt8](file.prefix(Int.random(in: 0...file.count, using: &random)))
                for _ in 0..<Int.random(in: 0...4, using: &random) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                let data = Data(bytes)
                let result = EXIFEmbedding.embedding(
                    Self.block,
                    in: data,
                    format: format,
                    width: 30,
                    height: 20,
                    hasAlpha: false
                )
                #expect(result == data || result.count > data.count + Self.block.count)
            }
        }
    }

    @Test(
        "A PNG or WebP source's EXIF is kept as a JPEG's: its copyright by default, all of it with sm:0",
        arguments: [OutputFormat.png, .webp]
    )
    func otherSources(format: OutputFormat) async throws {
        let fixture = try ProxyFixture()
        let plain = try format == .png ? PNGEncoder().encode(try Self.image()) : WebPEncoder().encode(try Self.image())
        let tagged = EXIFEmbedding.embedding(
            ProxyFixture.taggedEXIF,
            in: plain,
            format: format,
            width: 30,
            height: 20,
            hasAlpha: false
        )
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
