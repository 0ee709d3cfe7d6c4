// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Decodes JPEG 2000 with OpenJPEG: JP2 files and bare codestreams, gray, gray with alpha, RGB,
/// sYCC and RGBA, 1 to 16 bits a sample (scaled to 8 as Pillow scales them), subsampled
/// components repeated to full size.
///
/// - Shrink-on-load and thumbnails drop resolution levels of the codestream: a request that
///   needs a quarter of the width decodes only the levels it needs, never fewer pixels than it
///   asks for.
/// - The size is checked against the pixel limit from the main header, and OpenJPEG's planes
///   (4 bytes a sample) against the memory budget, before anything is decoded.
/// - The JP2 file's ICC profile is kept under `UserInfoKey.iccProfileKey`; CMYK and e-YCC are
///   refused as `unsupported`. There are no previews.
public final class JPEG2000Decoder: ImageDecoding {
    private let context: ImageDecodingContext

    /// Creates a decoder for one download.
    public init(context: ImageDecodingContext) {
        self.context = context
    }

    /// Decodes complete data.
    public func decode(_ data: Data) throws -> ImageContainer {
        let file = try JPEG2000File(data: data)
        guard file.width * file.height <= context.maximumPixelCount else {
            throw ImageDecodingError.imageTooLarge(
                width: file.width,
                height: file.height,
                limit: context.maximumPixelCount
            )
        }
        let levels = droppedLevels(for: file)
        let image = try file.decode(droppingLevels: levels, memoryBudget: context.memoryBudget)
        var container = ImageContainer(image: try context.thumbnail(of: image), type: .jpeg2000)
        if let profile = file.iccProfile { container.userInfo[.iccProfileKey] = profile }
        return context.request.thumbnail == nil
            ? context.shrunk(container, originalWidth: file.width, originalHeight: file.height) : container
    }

    /// OpenJPEG's planes and the output at the resolution the request needs, and a thumbnail's
    /// copy if asked; `nil` past the pixel limit, which the decode refuses.
    public func estimatedMemory(for data: Data) -> Int? {
        guard let file = try? JPEG2000File(data: data), file.width * file.height <= context.maximumPixelCount else {
            return nil
        }
        let scale = 1 << droppedLevels(for: file)
        let pixels = ((file.width + scale - 1) / scale) * ((file.height + scale - 1) / scale)
        let target =
            context.request.thumbnail == nil ? (0, 0) : context.targetSize(width: file.width, height: file.height)
        return pixels * 4 * (file.components + 1) + target.0 * target.1 * 4
    }

    /// The most resolution levels the request lets the decode drop, keeping at least a
    /// thumbnail's size or the size the processors need; none when it needs every pixel.
    private func droppedLevels(for file: JPEG2000File) -> Int {
        let minimum =
            context.request.thumbnail != nil
            ? context.targetSize(width: file.width, height: file.height)
            : context.minimumDecodedSize(width: file.width, height: file.height)
        guard let minimum else { return 0 }
        var levels = 0
        while levels < file.droppableLevels {
            let scale = 1 << (levels + 1)
            let (width, height) = ((file.width + scale - 1) / scale, (file.height + scale - 1) / scale)
            guard width >= minimum.width, height >= minimum.height else { break }
            levels += 1
        }
        return levels
    }
}
