// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke

/// `--strip`: removes metadata — EXIF, XMP, ICC profiles, comments, text chunks — from an encoded
/// image without re-encoding it, so pixels and animations stay exactly as they were.
enum MetadataStripper {
    /// Why a file's metadata could not be removed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `data` without its metadata.
    ///
    /// - Throws: ``Failure`` when the file's structure is malformed.
    static func strip(_ data: Data, type: AssetType?) throws(Failure) -> Data {
        let bytes = [UInt8](data)
        return switch type {
        case .jpeg?: Data(try JPEGMetadata.strip(bytes))
        case .png?: Data(try PNGMetadata.strip(bytes))
        case .webp?: Data(try WebPMetadata.strip(bytes))
        case .gif?: Data(try GIFMetadata.strip(bytes))
        default: throw Failure(description: "cannot strip metadata from \(type.map { "\($0)" } ?? "this format")")
        }
    }
}
