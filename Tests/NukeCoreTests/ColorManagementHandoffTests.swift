// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Synchronization
import Testing

/// What the pipeline hands a colour manager after a decode: the decoded image itself, shared
/// with nothing, so it is converted in its storage.
@Suite struct ColorManagementHandoffTests {
    /// Inverts the colour channels in place and records whether writing had to copy the storage.
    final class InvertingManager: ColorManaging {
        let copiedStorage = Mutex<[Bool]>([])

        func convertToSRGB(_ image: Bitmap, from profile: ColorProfile, intent: RenderingIntent) throws -> Bitmap? {
            var copy = image
            _ = try convertToSRGB(&copy, from: profile, intent: intent)
            return copy
        }

        func convertToSRGB(_ image: inout Bitmap, from profile: ColorProfile, intent: RenderingIntent) throws -> Bool {
            let before = image.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
            let after = image.withUnsafeMutableBytes { bytes in
                for offset in stride(from: 0, to: bytes.count, by: 4) {
                    for channel in 0..<3 { bytes[offset + channel] = 255 - bytes[offset + channel] }
                }
                return UInt(bitPattern: bytes.baseAddress)
            }
            copiedStorage.withLock { $0.append(before != after) }
            return true
        }
    }

    /// The test format's decoder, recording a profile in every container.
    struct ProfiledDecoder: ImageDecoding {
        let decoder: TestImageDecoder

        func decode(_ data: Data) throws -> ImageContainer {
            var container = try decoder.decode(data)
            container.userInfo[.iccProfileKey] = Data("a profile".utf8)
            return container
        }
    }

    @Test("A decoded image reaches the colour manager unshared, is converted in its storage, and loses its profile")
    func convertedInPlace() async throws {
        let manager = InvertingManager()
        var registry = PluginRegistry()
        registry.install(TestImagePlugin())
        registry.register(Capabilities.Decoding.self, id: "profiled", for: [TestImageFormat.assetType]) {
            ProfiledDecoder(decoder: TestImageDecoder(context: $0))
        }
        registry.register(Capabilities.ColorManagement.self, id: "inverting", for: [], manager)
        let pipeline = ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
        }
        let data = TestImageFormat.make(width: 64, height: 48, color: [200, 100, 50, 255])
        let container = try await pipeline.imageTask(with: ImageRequest(id: "profiled", data: { data })).response
            .container
        #expect(container.image.pixel(x: 10, y: 10) == [55, 155, 205, 255])
        #expect(container.userInfo[.iccProfileKey] == nil)
        #expect(manager.copiedStorage.withLock { $0 } == [false])
    }
}
