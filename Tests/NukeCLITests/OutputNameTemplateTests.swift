// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Testing

@testable import NukeCLI

@Suite struct OutputNameTemplateTests {
    private let photo = ImageInput(file: "photos/2024/may/Beach Day.jpg", relativeDirectory: "2024/may")
    private let loose = ImageInput(file: "a.png", relativeDirectory: "")

    @Test("Placeholders become the input's name, folder, index, size and extension")
    func placeholders() throws {
        let template = try OutputNameTemplate("{dir}/{index}-{name}-{width}x{height}.{ext}")
        #expect(
            template.path(for: photo, index: 3, fileExtension: "webp", width: 320, height: 240)
                == "2024/may/3-Beach-Day-320x240.webp"
        )
    }

    @Test("The default mirrors the folder tree, and an empty {dir} leaves no stray slash")
    func standard() throws {
        let template = try OutputNameTemplate(OutputNameTemplate.standard)
        #expect(
            template.path(for: photo, index: 1, fileExtension: "jpg", width: 1, height: 1) == "2024/may/Beach-Day.jpg"
        )
        #expect(template.path(for: loose, index: 1, fileExtension: "png", width: 1, height: 1) == "a.png")
    }

    @Test("A literal extension at the end names the format")
    func literalExtension() throws {
        #expect(try OutputNameTemplate("{name}-thumb.webp").literalExtension == "webp")
        #expect(try OutputNameTemplate("{name}.{ext}").literalExtension == nil)
        #expect(try OutputNameTemplate("thumbs.d/{name}").literalExtension == nil)
    }

    @Test(
        "Bad templates are usage errors",
        arguments: ["{nope}.jpg", "{name", "name}", "/abs/{name}", "../{name}", "a/../../{name}"]
    )
    func bad(_ template: String) {
        #expect {
            try OutputNameTemplate(template)
        } throws: { error in
            (error as? CommandLineError)?.isUsageError == true
        }
    }

    @Test("Clashing names get -2, -3 before the extension")
    func unclaimed() {
        #expect(OutputDirectory.unclaimed("a/b.jpg", claimed: []) == "a/b.jpg")
        #expect(OutputDirectory.unclaimed("a/b.jpg", claimed: ["a/b.jpg"]) == "a/b-2.jpg")
        #expect(OutputDirectory.unclaimed("a/b.jpg", claimed: ["a/b.jpg", "a/b-2.jpg"]) == "a/b-3.jpg")
        #expect(OutputDirectory.unclaimed("d.x/noext", claimed: ["d.x/noext"]) == "d.x/noext-2")
    }
}
