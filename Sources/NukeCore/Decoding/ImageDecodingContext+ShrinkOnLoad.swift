// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImageDecodingContext {
    /// The smallest upright size a decode may return for a full image of `width × height`
    /// upright pixels, or `nil` when it must return the full image: there is no
    /// ``shrinkOnLoad``, the request asks for a thumbnail (the thumbnail decides the size), or the
    /// processors need every pixel.
    public func minimumDecodedSize(width: Int, height: Int) -> (width: Int, height: Int)? {
        guard request.thumbnail == nil, let shrinkOnLoad else { return nil }
        return shrinkOnLoad.minimumSize(width: width, height: height)
    }

    /// `container` marked as shrunk on load from a full image of `originalWidth × originalHeight`
    /// upright pixels (see ``ImageContainer/originalPixelSize``), or unchanged when its image has
    /// that size or the decode was not allowed to shrink (a thumbnail is not marked).
    public func shrunk(_ container: ImageContainer, originalWidth: Int, originalHeight: Int) -> ImageContainer {
        guard request.thumbnail == nil, shrinkOnLoad != nil,
            container.image.width != originalWidth || container.image.height != originalHeight
        else {
            return container
        }
        var container = container
        container.originalPixelSize = (originalWidth, originalHeight)
        return container
    }
}

extension ImageContainer {
    /// The upright size in pixels of the full image when the decoder shrank it on load (then
    /// ``image`` is smaller), else `nil`. Stored under ``UserInfoKey/originalPixelSizeKey``.
    ///
    /// The first processor (an ``ImageDownscaling``) computes its output geometry from it and
    /// clears it in its output.
    public var originalPixelSize: (width: Int, height: Int)? {
        get {
            guard let size = userInfo[.originalPixelSizeKey] as? ImageSize else { return nil }
            return (Int(size.width), Int(size.height))
        }
        set {
            userInfo[.originalPixelSizeKey] = newValue.map { ImageSize(width: $0.width, height: $0.height) }
        }
    }
}
