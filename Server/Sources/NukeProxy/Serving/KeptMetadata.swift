// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke

/// Which of a source's metadata a result carries: imgproxy's `strip_metadata` and
/// `keep_copyright`. A source's EXIF (JPEG, PNG, WebP, HEIF, AVIF) is read when the pipeline's decoders keep it
/// (`PluginRegistry.installDecodersKeepingEXIF()`), and only JPEG, PNG and WebP results carry it;
/// XMP, IPTC and the colour profile never do (colours are converted to sRGB).
public enum KeptMetadata: String, Hashable, Sendable {
    /// Nothing (`kcr:0`).
    case none
    /// The EXIF Artist and Copyright only (the default).
    case copyright
    /// The whole EXIF block, orientation 1 and without its thumbnail (`sm:0`).
    case all

    /// The EXIF block for a result of `container`, or `nil` for none.
    func exif(of container: ImageContainer) -> Data? {
        guard self != .none, let source = container.userInfo[.exifKey] as? Data, let block = EXIFBlock(source)
        else { return nil }
        return self == .all ? block.keepingAll() : block.keepingCopyright()
    }
}
