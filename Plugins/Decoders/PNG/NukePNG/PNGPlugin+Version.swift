// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukePNG

extension PNGPlugin {
    /// The version of the libpng loaded at run time, such as `"1.6.39"`.
    public static var libraryVersion: String {
        String(cString: nuke_png_library_version())
    }
}
