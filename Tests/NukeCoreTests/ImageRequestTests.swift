// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite struct ImageRequestTests {
    @Test("The request is small and copy-on-write")
    func layoutAndCopyOnWrite() {
        #expect(MemoryLayout<ImageRequest>.size <= 48)
        let original = ImageRequest(url: .test, processors: [MockImageProcessor(id: "1")])
        var copy = original
        copy.processors = []
        copy.imageID = "custom"
        #expect(original.processors.count == 1)
        #expect(original.imageID == URL.test.absoluteString)
        #expect(copy.imageID == "custom")
    }

    @Test("A response is one reference wide and copy-on-write")
    func responseCopyOnWrite() throws {
        #expect(MemoryLayout<ImageResponse>.size == MemoryLayout<Int>.size)
        let image = try Bitmap(width: 2, height: 1, pixelFormat: .rgba8, fill: [1, 2, 3, 255])
        let original = ImageResponse(container: ImageContainer(image: image), request: ImageRequest(url: .test))
        var copy = original
        copy.cacheType = .memory
        copy.request = ImageRequest(url: URL(string: "http://test.com/other.png"))
        copy.container.isPreview = true
        #expect(original.cacheType == nil && original.request.url == .test && !original.isPreview)
        #expect(copy.cacheType == .memory && copy.request.url?.lastPathComponent == "other.png" && copy.isPreview)
        #expect(copy.image.pixel(x: 1, y: 0) == [1, 2, 3, 255])
    }

    @Test("Memory-cache keys ignore options; equal image IDs share a key; loads still use the URL")
    func keys() {
        let plain = ImageRequest(url: .test)
        let withOptions = ImageRequest(url: .test, options: [.disableDiskCache])
        #expect(ImageCacheKey(request: plain) == ImageCacheKey(request: withOptions))
        var signedA = ImageRequest(url: URL(string: "http://test.com/a.jpg?token=1"))
        var signedB = ImageRequest(url: URL(string: "http://test.com/a.jpg?token=2"))
        signedA.imageID = "http://test.com/a.jpg"
        signedB.imageID = "http://test.com/a.jpg"
        #expect(ImageCacheKey(request: signedA) == ImageCacheKey(request: signedB))
        #expect(FetchOriginalDataKey(signedA) != FetchOriginalDataKey(signedB))
        #expect(
            ImageCacheKey(request: ImageRequest(url: .test, processors: [MockImageProcessor(id: "1")]))
                != ImageCacheKey(request: plain)
        )
    }

    @Test("17. Disk keys concatenate image ID, thumbnail and processor identifiers")
    func diskKeys() {
        let pipeline = ImagePipeline.makeTestPipeline()
        #expect(pipeline.cache.makeDataCacheKey(for: ImageRequest(url: .test)) == "http://test.com/example.jpeg")
        #expect(
            pipeline.cache.makeDataCacheKey(for: ImageRequest(url: .test, processors: [MockImageProcessor(id: "1")]))
                == "http://test.com/example.jpeg1"
        )
        var thumbnail = ImageRequest(url: .test)
        thumbnail.thumbnail = ThumbnailOptions(maxPixelSize: 400)
        #expect(
            pipeline.cache.makeDataCacheKey(for: thumbnail)
                == "http://test.com/example.jpegcom.github/kean/nuke/thumbnail?maxPixelSize=400.0,options=truetruetruetrue"
        )
    }

    @Test("Thumbnail sizes never upscale and keep the aspect ratio")
    func thumbnailSizes() {
        #expect(ThumbnailOptions(maxPixelSize: 400).targetPixelSize(width: 640, height: 480) == (400, 300))
        #expect(ThumbnailOptions(maxPixelSize: 4000).targetPixelSize(width: 640, height: 480) == (640, 480))
        let fill = ThumbnailOptions(size: ImageSize(width: 100, height: 100), unit: .pixels, contentMode: .aspectFill)
        #expect(fill.targetPixelSize(width: 640, height: 480) == (133, 100))
        let fit = ThumbnailOptions(size: ImageSize(width: 50, height: 50), unit: .points, contentMode: .aspectFit)
        #expect(fit.targetPixelSize(width: 640, height: 480) == (50, 38))
    }

    @Test("Thumbnail keys have Nuke's format, with sizes in pixels whatever the unit")
    func thumbnailKeys() {
        let pipeline = ImagePipeline(configuration: .init())
        var request = ImageRequest(url: .test)
        request.thumbnail = ThumbnailOptions(size: ImageSize(width: 30, height: 20), unit: .points)
        let points = pipeline.cache.makeDataCacheKey(for: request)
        #expect(
            points
                == "http://test.com/example.jpegcom.github/kean/nuke/thumbnail?width=30.0,height=20.0,"
                + "contentMode=.aspectFill,options=truetruetruetrue"
        )
        request.thumbnail = ThumbnailOptions(size: ImageSize(width: 30, height: 20), unit: .pixels)
        #expect(pipeline.cache.makeDataCacheKey(for: request) == points)
        request.thumbnail = ThumbnailOptions(maxPixelSize: 33.3)
        #expect(pipeline.cache.makeDataCacheKey(for: request).hasSuffix("maxPixelSize=33.3,options=truetruetruetrue"))
    }

    @Test("Nuke's nested names work: ImageRequest.ThumbnailOptions, ImageRequest/ImageContainer.UserInfoKey")
    func nukeNestedNames() {
        var request = ImageRequest(url: .test)
        request.thumbnail = ImageRequest.ThumbnailOptions(maxPixelSize: 64)
        let key = ImageRequest.UserInfoKey("example.key")
        request.userInfo[key] = 1
        let containerKey: ImageContainer.UserInfoKey = "example.key"
        #expect(containerKey == key)
        #expect(request.userInfo[containerKey] as? Int == 1)
        #expect(request.thumbnail?.maxPixelSize == 64)
    }

    @Test("Requests describe themselves as Nuke's do")
    func descriptions() {
        let request = ImageRequest(url: .test, processors: [ImageProcessors.Anonymous(id: "p") { $0 }], priority: .high)
        #expect(
            request.description
                == "ImageRequest(resource: http://test.com/example.jpeg, priority: high, "
                + "processors: [AnonymousProcessor(identifier: p)], options: Options(rawValue: 0), userInfo: [:])"
        )
        let closure = ImageRequest(id: "photo-1", data: { Data() })
        #expect(closure.description.hasPrefix("ImageRequest(resource: photo-1, priority: normal, processors: []"))
        #expect(ImageRequest(url: nil).description.hasPrefix("ImageRequest(resource: nil,"))
    }

    @Test("Header fields are case-insensitive")
    func headers() {
        var request = DataRequest(url: .test)
        request.setValue("a", forHTTPHeaderField: "X-Token")
        request.setValue("b", forHTTPHeaderField: "x-token")
        #expect(request.headers.count == 1)
        #expect(request.value(forHTTPHeaderField: "X-TOKEN") == "b")
        #expect(HTTPHeaderFields(["A": "1", "b": "2"]) == ["B": "2", "a": "1"])
    }
}
