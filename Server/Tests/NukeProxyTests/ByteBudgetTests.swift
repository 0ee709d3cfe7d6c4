// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("max_bytes (mb:)")
struct ByteBudgetTests {
    @Test("Lower qualities until the result fits, by steps that follow the excess; bounded attempts")
    func steps() {
        var tried: [Int] = []
        // A size of ten bytes per quality level: 80 → 800 bytes.
        let fits = ByteBudget.encode(maximumBytes: 300, quality: 80, size: { $0 }) { quality in
            tried.append(quality)
            return quality * 10
        }
        #expect(tried == [80, 40, 30] && fits.output == 300 && fits.quality == 30)

        tried = []
        let already = ByteBudget.encode(maximumBytes: 1000, quality: 80, size: { $0 }) { quality in
            tried.append(quality)
            return quality * 10
        }
        #expect(tried == [80] && already.quality == 80)

        tried = []
        let never = ByteBudget.encode(maximumBytes: 4000, quality: 100, size: { $0 }) { quality in
            tried.append(quality)
            return 5000 + quality
        }
        #expect(tried == [100, 75, 56, 42, 31, 23] && never.quality == 23)
        #expect(tried.count == ByteBudget.maximumAttempts)

        tried = []
        let floor = ByteBudget.encode(maximumBytes: 1, quality: 100, size: { $0 }) { quality in
            tried.append(quality)
            return 5000
        }
        #expect(tried == [100, 25, 6, 1] && floor.quality == 1)
    }

    @Test("Through the proxy: a JPEG within the budget, smaller than without it; other keys; PNG untouched")
    func throughTheProxy() async throws {
        let fixture = try ProxyFixture()
        let cache = MockDataCache()
        let proxy = fixture.proxy(resultCache: cache)
        let full = await proxy.respond(to: fixture.path("w:400/q:95/f:jpg", "/photo.jpg"))
        let budget = full.body.count / 3
        let limited = await proxy.respond(to: fixture.path("w:400/q:95/f:jpg/mb:\(budget)", "/photo.jpg"))
        #expect(full.status == 200 && limited.status == 200)
        #expect(limited.body.count <= budget && limited.body.count < full.body.count)
        let image = try await ProxyFixture.decode(limited.body)
        #expect(image.width == 400 && image.height == 300)
        #expect(cache.keys.count == 2)  // One result each: the budget is part of the key.

        let png = await proxy.respond(to: fixture.path("w:100/f:png/mb:10", "/photo.jpg"))
        let unlimited = await proxy.respond(to: fixture.path("w:100/f:png", "/photo.jpg"))
        #expect(png.status == 200 && png.body == unlimited.body)
        #expect(await proxy.respond(to: fixture.path("w:100/mb:-1", "/photo.jpg")).status == 400)
    }
}
