// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke

/// What `nuke --version` prints: the command's version and the C libraries it runs on.
enum NukeVersion {
    /// The version of the package this command was built from.
    static let number = NukeForLinux.version

    /// The C libraries under the default plugins, with their versions.
    static var libraries: [(name: String, version: String)] {
        [
            ("libjpeg-turbo", JPEGPlugin.libraryVersion),
            ("libpng", PNGPlugin.libraryVersion),
            ("giflib", GIFPlugin.libraryVersion),
            ("libwebp", WebPPlugin.libraryVersion),
            ("libavif", AVIFPlugin.libraryVersion),
            ("libheif", HEIFPlugin.libraryVersion),
            ("libjxl", JXLPlugin.libraryVersion),
            ("libtiff", TIFFPlugin.libraryVersion),
            ("librsvg", SVGPlugin.libraryVersion),
            ("openjpeg", JPEG2000Plugin.libraryVersion),
            ("lcms2", LCMSPlugin.libraryVersion),
            ("libcurl", CurlPlugin.libraryVersion),
        ]
    }

    /// `nuke <version>` and, on a second line, each C library's version, as `curl --version` does.
    static var description: String {
        "nuke \(number) (Nuke for Linux)\n" + libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
    }
}
