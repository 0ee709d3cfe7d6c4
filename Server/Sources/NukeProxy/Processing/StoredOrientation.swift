// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Nuke

/// imgproxy's `ar:0` (`auto_rotate` off): undoes the EXIF orientation the decoder turned the
/// image upright by (`UserInfoKey.exifOrientationKey`), so the pixels are as the file stores them.
/// It must come first, while the decoder's metadata is on the container; a request with it does
/// not shrink on load.
public struct StoredOrientation: ImageProcessing, Hashable {
    /// The processor.
    public init() {}

    /// `nuke-server/stored-orientation`.
    public var identifier: String { "nuke-server/stored-orientation" }

    /// The image as stored: the decoder's orientation undone, or the image as it is when the
    /// decoder reported none.
    public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        guard let value = container.userInfo[.exifOrientationKey] as? Int,
            let orientation = ImageOrientation(rawValue: value), orientation != .up
        else { return container }
        var result = container.map { $0.applyingOrientation(Self.inverse(of: orientation)) }
        if orientation.swapsDimensions, let size = container.originalPixelSize {
            result.originalPixelSize = (size.height, size.width)
        }
        result.userInfo[.exifOrientationKey] = nil
        return result
    }

    /// The image as it is: a bitmap carries no orientation to undo.
    public func process(_ image: Bitmap) -> Bitmap? { image }

    /// The orientation that turns an image back: a quarter turn the other way; each mirror,
    /// the half turn and the two diagonal flips undo themselves.
    static func inverse(of orientation: ImageOrientation) -> ImageOrientation {
        switch orientation {
        case .right: .left
        case .left: .right
        default: orientation
        }
    }
}
