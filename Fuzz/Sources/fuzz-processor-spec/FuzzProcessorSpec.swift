// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeFilters
import NukeProcessorSpec
import NukeProcessors

private let registry: PluginRegistry = {
    var registry = PluginRegistry()
    registry.install(ProcessorsPlugin())
    registry.install(FiltersPlugin())
    return registry
}()

private let image = try! Bitmap(width: 16, height: 12, pixelFormat: .rgba8, fill: [200, 100, 50, 255])

/// libFuzzer's entry point: the input as a processor spec (`resize(width:100)|blur(radius:3)`),
/// parsed, then applied to a small image within a 1 MP limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let spec = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let processors = try? registry.processors(fromSpec: spec) else { return 0 }
    let request = ImageRequest(url: nil)
    var container = ImageContainer(image: image)
    for processor in processors {
        let context = ImageProcessingContext(
            request: request,
            response: ImageResponse(container: container, request: request),
            isCompleted: true,
            maximumPixelCount: 1 << 20
        )
        guard let output = try? processor.process(container, context: context) else { return 0 }
        container = output
    }
    return 0
}
