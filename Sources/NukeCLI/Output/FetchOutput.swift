// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke

/// Writes what `nuke fetch` loaded: the original bytes (stripped of metadata with `--strip`)
/// when nothing changes the image, else the image encoded in the output format; into the output
/// folder under the name template, or to stdout.
struct FetchOutput {
    /// Where files go.
    enum Destination {
        /// Into a folder.
        case directory(OutputDirectory)
        /// To stdout (`--output -`).
        case standardOutput
    }

    /// A loaded image, with the original bytes when it may be written as downloaded.
    struct Loaded: Sendable {
        let response: ImageResponse
        let original: Data?
    }

    let plan: FetchPlan
    let destination: Destination
    private var claimed = Set<String>()

    init(plan: FetchPlan, destination: Destination) {
        self.plan = plan
        self.destination = destination
    }

    /// An image ready to write: its bytes and what they are.
    struct Encoded: Sendable {
        let data: Data
        let fileExtension: String
        /// The description so far (no input, index or output yet).
        let file: FetchedFile
        let width: Int
        let height: Int
    }

    /// Encodes `loaded` as `plan` says: the original bytes (stripped with `--strip`) when nothing
    /// changes the image and the format is its own, else the image in the output format. CPU
    /// work: callers run it off the cooperative pool.
    ///
    /// - Throws: ``CommandLineError`` when the image cannot be encoded or stripped.
    static func encode(_ loaded: Loaded, plan: FetchPlan) throws(CommandLineError) -> Encoded {
        let container = loaded.response.container
        let source = container.type
        var file = FetchedFile(input: "", index: 0, status: .saved, sourceFormat: source?.rawValue)
        let data: Data
        let fileExtension: String
        let animation = plan.firstFrame ? nil : container.animation.flatMap { $0.frameCount > 1 ? $0 : nil }
        if let original = loaded.original, let type = source, plan.format.map({ $0.rawValue == type.rawValue }) ?? true,
            !(plan.strip && hasRotation(container)), !(plan.firstFrame && container.frameCount > 1)
        {
            data = plan.strip ? try stripped(original, type: type) : original
            fileExtension = type.fileExtension
            file.format = type.rawValue
            file.frames = container.frameCount
            file.asDownloaded = true
        } else {
            // Also a JPEG whose EXIF rotation `--strip` would lose: it is re-encoded upright.
            let format = plan.format ?? (source == .gif && animation != nil ? .webp : OutputFormat.matching(source))
            let written = format.writesAnimations ? animation : nil
            do {
                data = try encode(loaded.response, animation: written, as: format, quality: plan.quality)
            } catch {
                throw CommandLineError("cannot encode as \(format.rawValue): \(error)")
            }
            fileExtension = format.fileExtension
            file.format = format.rawValue
            file.frames = written?.frameCount ?? 1
            file.asDownloaded = false
        }
        file.stripped = plan.strip
        file.width = loaded.response.image.width
        file.height = loaded.response.image.height
        file.bytes = data.count
        return Encoded(
            data: data,
            fileExtension: fileExtension,
            file: file,
            width: loaded.response.image.width,
            height: loaded.response.image.height
        )
    }

    /// The response's image, or `animation` (frames made one at a time), without metadata.
    private static func encode(
        _ response: ImageResponse,
        animation: ImageAnimation?,
        as format: OutputFormat,
        quality: Int
    ) throws -> Data {
        let encoder = format.encoder(quality: quality)
        guard let animation else { return try encoder.encode(response.image) }
        var output = ImageContainer(image: response.image)
        output.animation = animation
        let context = ImageEncodingContext(request: response.request, image: output, dataResponse: nil)
        return try encoder.encode(output, context: context)
    }

    /// Writes `encoded` for `input` (the `index`th) and describes what was written.
    ///
    /// - Throws: ``CommandLineError`` when the file cannot be written.
    mutating func write(_ encoded: Encoded, of input: ImageInput, index: Int) throws(CommandLineError) -> FetchedFile {
        var file = encoded.file
        file.input = input.argument
        file.index = index
        file.output = try store(encoded, for: input, index: index)
        return file
    }

    private mutating func store(_ encoded: Encoded, for input: ImageInput, index: Int) throws(CommandLineError)
        -> String
    {
        switch destination {
        case .standardOutput:
            guard Standard.output(bytes: encoded.data) else { throw CommandLineError("cannot write to stdout") }
            return "-"
        case .directory(let directory):
            let path = plan.nameTemplate.path(
                for: input,
                index: index,
                fileExtension: encoded.fileExtension,
                width: encoded.width,
                height: encoded.height
            )
            return try directory.write(encoded.data, relativePath: path, claimed: &claimed).path
        }
    }

    /// Whether the decoder turned the image upright from an EXIF orientation other than 1.
    private static func hasRotation(_ container: ImageContainer) -> Bool {
        guard let orientation = container.userInfo[.exifOrientationKey] as? Int else { return false }
        return orientation != 1
    }

    private static func stripped(_ data: Data, type: AssetType) throws(CommandLineError) -> Data {
        guard let editor = PluginRegistry.defaultPlugins.metadataEditor(for: type) else {
            throw CommandLineError("cannot strip metadata from \(type)")
        }
        do {
            return try editor.removing(.all, from: data)
        } catch {
            throw CommandLineError("cannot strip metadata: \(error)")
        }
    }
}
