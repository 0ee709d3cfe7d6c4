import ArgumentParser
import Foundation
import Nuke

/// `nuke info`: what an image is — format, size, pixel format, orientation, frames.
struct InfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe an image: format, size, pixel format, EXIF orientation, frames and durations."
    )

    @Argument(help: "An image URL (http, https, file, data) or file path.")
    var input: String

    @OptionGroup var pipelineOptions: PipelineOptions

    func run() async throws {
        let image = try ImageInput(input)
        let pipeline = try pipelineOptions.makePipeline()
        defer { pipeline.flush() }
        let data: Data
        let container: ImageContainer
        switch await pipeline.original(image.url, isRemote: image.isRemote) {
        case .success(let original):
            data = original.data
            container = original.response.container
        case .failure(let error):
            throw CommandLineError("cannot read \(input): \(error)")
        }
        for (label, value) in describe(container, data: data) {
            Standard.output(label.padding(toLength: 13, withPad: " ", startingAt: 0) + value)
        }
    }

    private func describe(_ container: ImageContainer, data: Data) -> [(String, String)] {
        let bitmap = container.image
        var lines: [(String, String)] = [
            ("source", input),
            ("format", container.type.map { "\($0)" } ?? "unknown"),
            ("data", "\(ByteCount.format(Int64(data.count))) (\(data.count) bytes)"),
            ("size", "\(bitmap.width)×\(bitmap.height) pixels"),
            (
                "pixels",
                "\(bitmap.pixelFormat)"
                    + (bitmap.pixelFormat.hasAlpha ? (bitmap.isOpaque ? ", opaque" : ", with transparency") : "")
            ),
        ]
        if let value = container.userInfo[.exifOrientationKey] as? Int {
            let orientation = ImageOrientation(rawValue: value).map { " (\($0), applied)" } ?? " (invalid, ignored)"
            lines.append(("orientation", "\(value)" + orientation))
        } else {
            lines.append(("orientation", "none"))
        }
        if let animation = container.animation {
            let loops =
                animation.loopCount == 0
                ? "loops forever" : "plays \(animation.loopCount) time\(animation.loopCount == 1 ? "" : "s")"
            lines.append(
                ("frames", "\(animation.frameCount), \(String(format: "%.2f", animation.duration)) s in all, \(loops)")
            )
            let durations = animation.frameDurations.map { String(format: "%.2f", $0) }.joined(separator: " ")
            lines.append(("durations", durations + " s"))
        } else {
            lines.append(("frames", "1"))
        }
        return lines
    }
}
