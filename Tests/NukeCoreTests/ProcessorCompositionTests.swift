// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite struct ProcessorCompositionTests {
    @Test("Compositions apply in order, flatten, and compare by children")
    func composition() throws {
        let composition = ImageProcessors.Composition([
            MockImageProcessor(id: "1"),
            ImageProcessors.Composition([MockImageProcessor(id: "2"), MockImageProcessor(id: "3")]),
        ])
        #expect(composition.processors.count == 3)
        #expect(composition.identifier == "123")
        #expect(
            composition
                == ImageProcessors.Composition([
                    MockImageProcessor(id: "1"), MockImageProcessor(id: "2"), MockImageProcessor(id: "3"),
                ])
        )
        let image = ImageContainer(image: try Bitmap(width: 1, height: 1, pixelFormat: .gray8))
        let context = ImageProcessingContext(
            request: ImageRequest(url: .test),
            response: ImageResponse(container: image, request: ImageRequest(url: .test)),
            isCompleted: true
        )
        #expect(try composition.process(image, context: context).processorIDs == ["1", "2", "3"])
        #expect(throws: MockFailingProcessor.Failure.self) {
            try ImageProcessors.Composition([MockFailingProcessor(), MockImageProcessor(id: "x")]).process(
                image,
                context: context
            )
        }
        let anonymous = ImageProcessors.Anonymous(id: "nil") { _ in nil }
        #expect(throws: ImageProcessingError.processorReturnedNil(identifier: "nil")) {
            try anonymous.process(image, context: context)
        }
    }
}
