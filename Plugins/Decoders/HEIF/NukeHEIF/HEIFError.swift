// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibHEIF
internal import NukeCore

extension heif_error {
    /// Throws the decoding error this libheif result stands for, if it is one.
    func check() throws {
        guard code != heif_error_Ok else { return }
        let reason = message.map { String(cString: $0) } ?? "libheif error \(code.rawValue)"
        switch code {
        case heif_error_Invalid_input where subcode == heif_suberror_End_of_data:
            throw ImageDecodingError.truncated
        case heif_error_Unsupported_filetype:
            throw ImageDecodingError.unrecognizedFormat
        case heif_error_Unsupported_feature:
            throw ImageDecodingError.unsupported(reason: reason)
        case heif_error_Decoder_plugin_error where subcode == heif_suberror_Unsupported_codec:
            throw ImageDecodingError.unsupported(reason: reason)
        default:
            throw ImageDecodingError.corrupt(reason: reason)
        }
    }
}
