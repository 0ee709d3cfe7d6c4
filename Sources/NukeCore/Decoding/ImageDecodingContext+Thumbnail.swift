// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImageDecodingContext {
    /// The size a decoded `width × height` image should have for the request: the thumbnail's
    /// target size, or the image's own size when the request asks for no thumbnail.
    public func targetSize(width: Int, height: Int) -> (width: Int, height: Int) {
        guard let thumbnail = request.thumbnail else { return (width, height) }
        return thumbnail.targetPixelSize(width: width, height: height)
    }
}
