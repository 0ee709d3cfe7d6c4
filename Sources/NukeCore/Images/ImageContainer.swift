// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A decoded image together with what the pipeline knows about it.
///
/// A value type; copies are cheap because ``Bitmap`` shares its storage.
public struct ImageContainer: Sendable {
    /// The decoded image (for an animation, its first frame).
    public var image: Bitmap
    /// The format the image was decoded from, if known.
    public var type: AssetType?
    /// `true` for a progressive preview; the final image follows.
    public var isPreview: Bool
    /// The original encoded data, attached where it matters (animations), so caches and encoders
    /// can keep it.
    public var data: Data?
    /// Anything else a decoder or processor wants to pass along.
    public var userInfo: [UserInfoKey: any Sendable]
    /// The frames of an animated image; `image` is its first frame. `nil` for still images.
    public var animation: ImageAnimation?

    /// Creates a container.
    public init(
        image: Bitmap,
        type: AssetType? = nil,
        isPreview: Bool = false,
        data: Data? = nil,
        userInfo: [UserInfoKey: any Sendable] = [:],
        animation: ImageAnimation? = nil
    ) {
        self.image = image
        self.type = type
        self.isPreview = isPreview
        self.data = data
        self.userInfo = userInfo
        self.animation = animation
    }

    /// The number of frames: the animation's, or 1 for a still image.
    public var frameCount: Int { animation?.frameCount ?? 1 }

    /// Returns a copy with the image replaced, keeping every other field.
    public func map(_ transform: (Bitmap) throws -> Bitmap) rethrows -> ImageContainer {
        var copy = self
        copy.image = try transform(image)
        return copy
    }
}

extension Bitmap {
    /// A 0×0 bitmap, used where a response carries data but no image (data tasks).
    static let empty: Bitmap = {
        do {
            return try Bitmap(width: 0, height: 0, pixelFormat: .gray8, pixels: [])
        } catch {
            preconditionFailure("an empty bitmap is always valid: \(error)")
        }
    }()
}
