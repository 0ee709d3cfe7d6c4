// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("auto_rotate (ar:)")
struct StoredOrientationTests {
    @Test("Each of the eight orientations, applied then undone, gives back the stored pixels")
    func undoesEveryOrientation() throws {
        let stored = try Bitmap(width: 3, height: 2, pixelFormat: .rgba8) { buffer in
            for index in buffer.indices { buffer[index] = UInt8(index * 10) }
        }
        let context = ImageProcessingContext(
            request: ImageRequest(url: nil),
            response: ImageResponse(container: ImageContainer(image: stored), request: ImageRequest(url: nil)),
            isCompleted: true
        )
        for orientation in ImageOrientation.allCases {
            var container = ImageContainer(image: stored.applyingOrientation(orientation))
            container.userInfo[.exifOrientationKey] = orientation.rawValue
            let undone = try StoredOrientation().process(container, context: context)
            #expect(undone.image.width == 3 && undone.image.height == 2, "\(orientation)")
            let bytes = undone.image.withUnsafeBytes { Array($0) }
            #expect(bytes == stored.withUnsafeBytes { Array($0) }, "\(orientation)")
        }
        let unknown = ImageContainer(image: stored)
        #expect(try StoredOrientation().process(unknown, context: context).image.width == 3)
    }

    @Test("Through the proxy: upright by default; ar:0 as stored, resized and turned from there")
    func throughTheProxy() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        func image(_ options: String) async throws -> Bitmap {
            try await ProxyFixture.decode(await proxy.respond(to: fixture.path(options + "/f:png", "/turned.jpg")).body)
        }
        let upright = try await image("ar:1")
        #expect(upright.width == 40 && upright.height == 80)
        #expect(upright.pixel(x: 20, y: 10)[0] > 200 && upright.pixel(x: 20, y: 70)[2] > 200)
        let stored = try await image("ar:0")
        #expect(stored.width == 80 && stored.height == 40)
        #expect(stored.pixel(x: 10, y: 20)[0] > 200 && stored.pixel(x: 70, y: 20)[2] > 200)
        let resized = try await image("auto_rotate:f/w:20")
        #expect(resized.width == 20 && resized.height == 10)
        #expect(try await image("w:20").height == 40)
        let turned = try await image("ar:0/rot:90")
        #expect(turned.width == 40 && turned.height == 80 && turned.pixel(x: 20, y: 10)[0] > 200)
    }
}
