// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import HTTPTypes
import Logging
import Nuke
import NukeProxy
import NukeTestSupport
import Tracing

/// An origin on loopback serving generated images, and proxies over pipelines that fetch from it.
package final class ProxyFixture: Sendable {
    package let origin: HTTPTestServer
    /// imgproxy's test key and salt ("secret", "hello").
    package static let secret = URLSignature.Key(key: Array("secret".utf8), salt: Array("hello".utf8))
    package let signature = URLSignature(keys: [ProxyFixture.secret])
    package static let photo = makePhoto(width: 800, height: 600)
    package static let transparent = makeTransparentPNG()
    /// An 80×40 JPEG, its left half red and its right half blue, tagged EXIF orientation 6 (to
    /// be turned 90° clockwise: 40×80 upright, red on top).
    package static let turned = makeTurnedJPEG()
    /// The EXIF of ``tagged``: orientation 6, Make, Artist, Copyright, and a thumbnail in IFD1.
    package static let taggedEXIF = TIFFBuilder(
        entries: [
            (0x0112, .short(6)), (0x010F, .ascii(Array("Camera Maker".utf8))),
            (0x013B, .ascii(Array("Ann Example".utf8))), (0x8298, .ascii(Array("© 2026 Ann Example".utf8))),
        ],
        thumbnail: [0xFF, 0xD8, 1, 2, 3, 4, 0xFF, 0xD9]
    ).build()
    /// An 80×40 JPEG carrying ``taggedEXIF`` (so 40×80 upright).
    package static let tagged = makeTaggedJPEG()
    /// A 4-frame 80×40 GIF, delays of 10 to 40 cs, played for ever.
    package static let animation = GIFWriter.encode(
        (0..<4).compactMap { index in
            (try? Bitmap(width: 80, height: 40, pixelFormat: .rgba8, fill: [UInt8(index * 60), 0, 200, 255])).map {
                GIFWriter.Frame(image: $0, delayCentiseconds: 10 * (index + 1))
            }
        }
    )

    /// Lets `/held.jpg` answer (it waits for this, or for a minute at most).
    package let release = DispatchSemaphore(value: 0)

    package init() throws {
        origin = try HTTPTestServer()
        origin.route("/held.jpg") { [release] _ in
            _ = release.wait(timeout: .now() + 60)
            return .ok(Self.photo, contentType: "image/jpeg")
        }
        origin.route("/photo.jpg") { _ in .ok(Self.photo, contentType: "image/jpeg") }
        origin.route("/public/photo.jpg") { _ in .ok(Self.photo, contentType: "image/jpeg") }
        origin.route("/public/moved.jpg") { _ in .redirect(to: "/public/photo.jpg") }
        origin.route("/public/away.jpg") { _ in .redirect(to: "/photo.jpg") }
        origin.route("/turned.jpg") { _ in .ok(Self.turned, contentType: "image/jpeg") }
        origin.route("/tagged.jpg") { _ in .ok(Self.tagged, contentType: "image/jpeg") }
        origin.route("/logo.png") { _ in .ok(Self.transparent, contentType: "image/png") }
        origin.route("/spin.gif") { _ in .ok(Self.animation, contentType: "image/gif") }
        origin.route("/missing.jpg") { _ in .status(404) }
        origin.route("/broken.jpg") { _ in .status(500) }
        origin.route("/text.jpg") { _ in .ok(Data("not an image".utf8), contentType: "image/jpeg") }
        origin.route("/reset.jpg") { _ in
            HTTPTestResponse(body: .bytes(Self.photo), fault: .resetAfter(bytes: 100))
        }
        origin.route("/slow.jpg") { _ in
            HTTPTestResponse(
                headers: ["Content-Type": "image/jpeg"],
                body: .bytes(Self.photo),
                headDelay: .seconds(600)
            )
        }
    }

    deinit {
        origin.stop()
    }

    /// A pipeline with the default plugins, a metered curl loader that checks redirects against
    /// `sources`, its own memory cache and no disk caches, on `workerPool`, its decodes and
    /// downloads admitted by `budget` if given.
    package func pipeline(
        addressPolicy: AddressPolicy = .allowAll,
        sources: SourcePolicy = SourcePolicy(),
        metrics: ProxyMetrics = ProxyMetrics(),
        workerPool: ImagePipeline.WorkerPool = .shared,
        budget: MemoryBudget? = nil,
        configure: (inout ImagePipeline.Configuration) -> Void = { _ in }
    ) -> ImagePipeline {
        var curl = CurlDataLoader.Configuration()
        curl.addressPolicy = addressPolicy
        curl.isRedirectAllowed = { sources.allowsRedirect(to: $0) }
        curl.proxy = .none
        var registry = PluginRegistry.defaultPlugins
        registry.installDecodersKeepingEXIF()
        registry.recordSourceFacts()
        registry.registerMeteredOriginLoader(CurlDataLoader(configuration: curl), metrics: metrics, budget: budget)
        var configuration = ImagePipeline.Configuration(registry: registry)
        configuration.decodeAdmission = budget
        configuration.imageCache = ImageCache()
        configuration.httpCache = nil
        configuration.workerPool = workerPool
        configure(&configuration)
        return ImagePipeline(configuration: configuration)
    }

    /// A proxy signing with ``signature``; `configurePipeline` changes its pipeline's settings.
    package func proxy(
        resultCache: (any DataCaching)? = nil,
        addressPolicy: AddressPolicy = .allowAll,
        metrics: ProxyMetrics = ProxyMetrics(),
        logger: Logger = Logger(label: "nuke.proxy"),
        tracer: any Tracer = InstrumentationSystem.tracer,
        budget: MemoryBudget? = nil,
        configure: (inout ProxyConfiguration) -> Void = { _ in },
        configurePipeline: (inout ImagePipeline.Configuration) -> Void = { _ in }
    ) -> ImageProxy {
        var configuration = ProxyConfiguration(signature: signature)
        // The origin is on loopback: what the loader allows, the proxy is told it may.
        configuration.allowsPrivateAddresses = addressPolicy.deniedRanges.isEmpty
        configure(&configuration)
        // Cannot throw: the configuration allows private addresses wherever the loader does.
        return try! ImageProxy(
            pipeline: pipeline(
                addressPolicy: addressPolicy,
                sources: configuration.sources,
                metrics: metrics,
                budget: budget,
                configure: configurePipeline
            ),
            configuration: configuration,
            resultCache: resultCache,
            logger: logger,
            metrics: metrics,
            tracer: tracer
        )
    }

    /// A signed path for `options` and the origin's `file`.
    package func path(_ options: String, _ file: String, extension: String? = nil) -> String {
        let options = options.isEmpty ? "" : "/" + options
        return signature.sign(
            options + "/plain/" + origin.url(file).absoluteString + (`extension`.map { "@" + $0 } ?? "")
        )
    }

    /// A fixture of the root package's tests, by its path under `Tests/` (this package lives in
    /// the same checkout): `"NukeHEIFTests/Fixtures/thumbnail.heic"`.
    package static func rootFixture(_ path: String) throws -> Data {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return try Data(contentsOf: root.appendingPathComponent("Tests/" + path))
    }

    /// Decodes a response body.
    package static func decode(_ data: Data) async throws -> Bitmap {
        let pipeline = ImagePipeline { $0.imageCache = nil }
        return try await pipeline.image(for: ImageRequest(id: UUID().uuidString, data: { data }))
    }

    private static func makePhoto(width: Int, height: Int) -> Data {
        let image = try! Bitmap(width: width, height: height, pixelFormat: .rgba8) { buffer in
            for y in 0..<height {
                for x in 0..<width {
                    let offset = (y * width + x) * 4
                    buffer[offset] = UInt8(x * 255 / width)
                    buffer[offset + 1] = UInt8(y * 255 / height)
                    buffer[offset + 2] = UInt8((x + y) % 256)
                    buffer[offset + 3] = 255
                }
            }
        }
        return try! JPEGEncoder(quality: 0.9).encode(image)
    }

    private static func makeTurnedJPEG() -> Data {
        let image = try! Bitmap(width: 80, height: 40, pixelFormat: .rgba8) { buffer in
            for index in stride(from: 0, to: buffer.count, by: 4) {
                let isLeft = (index / 4) % 80 < 40
                buffer[index] = isLeft ? 255 : 0
                buffer[index + 1] = 0  // Every byte: this initializer does not zero the buffer.
                buffer[index + 2] = isLeft ? 0 : 255
                buffer[index + 3] = 255
            }
        }
        var jpeg = try! JPEGEncoder(quality: 0.95).encode(image)
        // APP1 "Exif": a little-endian TIFF header and one IFD entry, Orientation (0x0112) = 6.
        let exif: [UInt8] =
            [0xFF, 0xE1, 0x00, 0x22] + Array("Exif".utf8) + [0, 0, 0x49, 0x49, 0x2A, 0x00, 0x08, 0, 0, 0]
            + [0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0, 0, 0, 0x06, 0, 0, 0, 0, 0, 0, 0]
        jpeg.insert(contentsOf: exif, at: 2)
        return jpeg
    }

    private static func makeTaggedJPEG() -> Data {
        let image = try! Bitmap(width: 80, height: 40, pixelFormat: .rgba8, fill: [200, 120, 40, 255])
        var jpeg = try! JPEGEncoder(quality: 0.9).encode(image)
        let length = 2 + 6 + taggedEXIF.count
        let segment = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif\0\0".utf8)
        jpeg.insert(contentsOf: segment + taggedEXIF, at: 2)
        return jpeg
    }

    private static func makeTransparentPNG() -> Data {
        let image = try! Bitmap(width: 64, height: 64, pixelFormat: .rgba8) { buffer in
            for index in stride(from: 0, to: buffer.count, by: 4) {
                buffer[index] = 200
                buffer[index + 1] = 40
                buffer[index + 2] = 40
                buffer[index + 3] = UInt8((index / 4) % 64 * 4)
            }
        }
        return try! PNGEncoder().encode(image)
    }
}

extension ImageProxy {
    /// The response to `path` with only an `Accept` header (none when `nil`).
    package func respond(to path: String, accept: String?) async -> ProxyResponse {
        var headers = HTTPFields()
        headers[.accept] = accept
        return await respond(to: path, headers: headers)
    }
}
