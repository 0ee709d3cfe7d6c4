// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibWebP

extension WebPPlugin {
    /// The version of the libwebp loaded at run time, such as `"1.2.4"`.
    public static var libraryVersion: String {
        let packed = WebPGetDecoderVersion()
        return "\((packed >> 16) & 0xFF).\((packed >> 8) & 0xFF).\(packed & 0xFF)"
    }
}
