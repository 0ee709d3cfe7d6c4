// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeLoopback

/// The demo's images, generated on the fly: baseline and progressive JPEGs, PNGs with alpha, an
/// animated GIF and an animated WebP.
struct DemoGallery: Sendable {
    /// One image on the demo server.
    struct Item: Sendable {
        /// The URL path, such as `/landscape-1.jpg`.
        let path: String
        /// What kind of file it is, for the report.
        let kind: String
        /// The file.
        let data: Data
        /// Its `Content-Type`.
        let contentType: String
    }

    let items: [Item]

    /// Generates the gallery (a fraction of a second).
    init() throws {
        var items: [Item] = []
        for index in 1...4 {
            let image = try DemoArtwork.landscape(width: 480, height: 320, seed: index)
            let data = try JPEGEncoder(quality: 0.85).encode(image)
            items.append(
                Item(path: "/landscape-\(index).jpg", kind: "baseline JPEG", data: data, contentType: "image/jpeg")
            )
        }
        for index in 5...7 {
            let image = try DemoArtwork.landscape(width: 480, height: 320, seed: index)
            let data = try JPEGEncoder(quality: 0.85, isProgressive: true).encode(image)
            items.append(
                Item(path: "/progressive-\(index).jpg", kind: "progressive JPEG", data: data, contentType: "image/jpeg")
            )
        }
        for index in 1...3 {
            let data = try PNGEncoder().encode(try DemoArtwork.shapes(width: 320, height: 240, seed: index))
            items.append(
                Item(path: "/shapes-\(index).png", kind: "PNG with alpha", data: data, contentType: "image/png")
            )
        }
        let frames = try (0..<8).map { try DemoArtwork.bouncingBall(width: 160, height: 120, frame: $0, of: 8) }
        let gif = GIFWriter.encode(frames.map { GIFWriter.Frame(image: $0, delayCentiseconds: 10) })
        items.append(Item(path: "/ball.gif", kind: "animated GIF", data: gif, contentType: "image/gif"))
        let webpFrames = try frames.map {
            AnimatedWebPWriter.Frame(
                webp: try WebPEncoder(mode: .lossy(quality: 0.8)).encode($0),
                durationMilliseconds: 100
            )
        }
        let webp = try AnimatedWebPWriter.assemble(webpFrames, width: 160, height: 120)
        items.append(Item(path: "/ball.webp", kind: "animated WebP", data: webp, contentType: "image/webp"))
        self.items = items
    }

    /// "4 baseline JPEG, 3 progressive JPEG, …", in gallery order.
    var summary: String {
        var counts: [(String, Int)] = []
        for item in items {
            if let index = counts.firstIndex(where: { $0.0 == item.kind }) {
                counts[index].1 += 1
            } else {
                counts.append((item.kind, 1))
            }
        }
        return counts.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
    }

    /// Serves the gallery on `server` as an origin would: cacheable for an hour, with an ETag,
    /// after `latency` (a stand-in for the network).
    func serve(on server: HTTPTestServer, latency: Duration) {
        for item in items {
            let resource = HTTPTestResource(
                body: item.data,
                contentType: item.contentType,
                etag: "\"\(item.data.count)-\(item.path.count)\"",
                headers: ["Cache-Control": "public, max-age=3600"]
            )
            server.route(item.path) { request in
                var response = resource.response(to: request)
                response.headDelay = latency
                return response
            }
        }
    }
}
