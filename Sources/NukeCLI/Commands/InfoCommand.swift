// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import ArgumentParser
import Foundation
import Nuke

/// `nuke info`: what an image is — format, size, pixel format, orientation, frames.
struct InfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract:
            "Describe an image: format, size, pixel format, colour profile, EXIF orientation, frames and durations."
    )

    @Argument(help: "An image URL (http, https, file, data), a file path, or '-' for stdin.")
    var input: String

    @Flag(help: "Print the description as JSON.")
    var json = false

    @OptionGroup var pipelineOptions: PipelineOptions

    func run() async throws {
        let image: ImageInput
        switch try InputExpansion().expand([input]).first {
        case .success(let usable)?: image = usable
        case .failure(let unusable)?: throw unusable.reason
        case nil: return
        }
        // The pixels as decoded, with their profile, so that the profile can be reported.
        let pipeline = try pipelineOptions.makePipeline(colorManagement: .keepOriginalProfile)
        defer { pipeline.flush() }
        let description: ImageDescription
        switch await pipeline.original(image) {
        case .success(let original):
            description = ImageDescription(source: input, container: original.response.container, data: original.data)
        case .failure(let error):
            throw CommandLineError("cannot read \(input): \(error)")
        }
        Standard.output(json ? description.json() : description.text)
    }
}
