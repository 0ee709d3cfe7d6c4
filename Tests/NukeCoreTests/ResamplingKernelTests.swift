// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeImaging
import NukeTestSupport
import Synchronization
import Testing

@testable import NukeCore

/// A kernel that records the rows it is asked for and either declines them or fills them with
/// `fill`.
final class RecordingKernel: ResamplingKernel {
    let fill: UInt8?
    private let requests = Mutex<[Range<Int>]>([])

    init(fill: UInt8? = nil) {
        self.fill = fill
    }

    /// The row ranges asked for so far.
    var rows: [Range<Int>] { requests.withLock { $0 } }

    func resampleRGBA(_ job: RGBAResamplingJob, rows: Range<Int>) -> Bool {
        requests.withLock { $0.append(rows) }
        guard let fill else { return false }
        let rowBytes = job.width * 4
        for index in (rows.lowerBound * rowBytes)..<(rows.upperBound * rowBytes) { job.output[index] = fill }
        return true
    }
}

/// Resizes to `width × height` with the context's kernel.
private struct KernelResize: ImageProcessing, Hashable {
    let width: Int
    let height: Int

    var identifier: String { "test/kernel-resize?\(width)x\(height)" }

    func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        let image = try container.image.resized(width: width, height: height, kernel: context.resamplingKernel)
        return container.map { _ in image }
    }
}

@Suite(.timeLimit(.minutes(10)))
struct ResamplingKernelTests {
    private static func source() throws -> Bitmap { try Bitmap.noise(width: 97, height: 61, isOpaque: true) }

    @Test("A kernel that declines is asked for every row once, and the portable bytes are the output")
    func decliningKernel() throws {
        let source = try Self.source()
        let kernel = RecordingKernel()
        let resized = try source.resized(width: 40, height: 23, kernel: kernel)
        #expect(kernel.rows == [0..<23])
        #expect(try ReferenceImage.maximumDifference(resized, source.resized(width: 40, height: 23)) == 0)
    }

    @Test("The bytes of a kernel that takes the job are the output")
    func acceptingKernel() throws {
        let resized = try Self.source().resized(width: 40, height: 23, kernel: RecordingKernel(fill: 7))
        #expect(resized.pixels.allSatisfy { $0 == 7 })
    }

    @Test("Gray images and same-size resizes never reach the kernel")
    func grayAndSameSize() throws {
        let source = try Self.source()
        let kernel = RecordingKernel(fill: 7)
        let gray = try Bitmap(width: 30, height: 20, pixelFormat: .gray8, fill: [128])
        #expect(try gray.resized(width: 10, height: 7, kernel: kernel).pixels.allSatisfy { $0 == 128 })
        #expect(try source.resized(width: source.width, height: source.height, kernel: kernel).pixels == source.pixels)
        #expect(kernel.rows.isEmpty)
    }

    @Test("The newest registered kernel reaches processors and decoders through their contexts")
    func registryKernelReachesContexts() async throws {
        let (older, newer) = (RecordingKernel(), RecordingKernel(fill: 9))
        var registry = PluginRegistry()
        registry.install(TestImagePlugin())
        registry.register(Capabilities.Resampling.self, id: "test.older", for: ["older"], older)
        registry.register(Capabilities.Resampling.self, id: "test.newer", for: ["newer"], newer)
        #expect(registry.resamplingKernel as? RecordingKernel === newer)

        let decoding = ImageDecodingContext(request: ImageRequest(url: .test), data: Data(), registry: registry)
        #expect(decoding.resamplingKernel as? RecordingKernel === newer)
        #expect(ImageDecodingContext(request: ImageRequest(url: .test), data: Data()).resamplingKernel == nil)

        let pipeline = ImagePipeline.makeTestPipeline(loader: MockDataLoader()) { $0.registry = registry }
        let request = ImageRequest(url: .test, processors: [KernelResize(width: 64, height: 48)])
        let response = try await pipeline.imageTask(with: request).response
        #expect(response.image.width == 64 && response.image.height == 48)
        #expect(response.image.pixels.allSatisfy { $0 == 9 })
        #expect(newer.rows == [0..<48])
        #expect(older.rows.isEmpty)
    }
}
