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

    /// Writes `loaded` for `input` and describes what was written.
    ///
    /// - Throws: ``CommandLineError`` when the image cannot be encoded, stripped or written.
    mutating func write(_ loaded: Loaded, of input: ImageInput, index: Int) throws(CommandLineError) -> FetchedFile {
        let container = loaded.response.container
        let source = container.type
        var file = FetchedFile(input: input.argument, index: index, status: .saved, sourceFormat: source?.rawValue)
        let data: Data
        let fileExtension: String
        if let original = loaded.original, let type = source, plan.format.map({ $0.rawValue == type.rawValue }) ?? true,
            !(plan.strip && Self.hasRotation(container))
        {
            data = plan.strip ? try Self.stripped(original, type: type) : original
            fileExtension = type.fileExtension
            file.format = type.rawValue
            file.frames = container.frameCount
            file.asDownloaded = true
            file.stripped = plan.strip
        } else {
            // A JPEG whose EXIF orientation would be lost with its metadata is re-encoded upright.
            let format = plan.format ?? OutputFormat.matching(source)
            do {
                data = try format.encoder(quality: plan.quality).encode(loaded.response.image)
            } catch {
                throw CommandLineError("cannot encode as \(format.rawValue): \(error)")
            }
            fileExtension = format.fileExtension
            file.format = format.rawValue
            file.frames = 1
            file.asDownloaded = false
            file.stripped = plan.strip
        }
        file.width = loaded.response.image.width
        file.height = loaded.response.image.height
        file.bytes = data.count
        file.output = try store(
            data,
            for: input,
            index: index,
            fileExtension: fileExtension,
            image: loaded.response.image
        )
        return file
    }

    private mutating func store(
        _ data: Data,
        for input: ImageInput,
        index: Int,
        fileExtension: String,
        image: Bitmap
    ) throws(CommandLineError) -> String {
        switch destination {
        case .standardOutput:
            guard Standard.output(bytes: data) else { throw CommandLineError("cannot write to stdout") }
            return "-"
        case .directory(let directory):
            let path = plan.nameTemplate.path(
                for: input,
                index: index,
                fileExtension: fileExtension,
                width: image.width,
                height: image.height
            )
            return try directory.write(data, relativePath: path, claimed: &claimed).path
        }
    }

    /// Whether the decoder turned the image upright from an EXIF orientation other than 1.
    private static func hasRotation(_ container: ImageContainer) -> Bool {
        guard let orientation = container.userInfo[.exifOrientationKey] as? Int else { return false }
        return orientation != 1
    }

    private static func stripped(_ data: Data, type: AssetType) throws(CommandLineError) -> Data {
        do {
            return try MetadataStripper.strip(data, type: type)
        } catch {
            throw CommandLineError("cannot strip metadata: \(error)")
        }
    }
}
