// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeGIF

extension GIFPlugin {
    /// The version of giflib the plugin was built against, such as `"5.2.1"`.
    public static var libraryVersion: String {
        String(cString: nuke_gif_library_version())
    }
}
