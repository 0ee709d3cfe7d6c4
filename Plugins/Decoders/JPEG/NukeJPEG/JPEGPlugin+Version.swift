// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeJPEG

extension JPEGPlugin {
    /// The version of libjpeg-turbo the plugin was built against, such as `"2.1.5"`.
    public static var libraryVersion: String {
        String(cString: nuke_jpeg_library_version())
    }
}
