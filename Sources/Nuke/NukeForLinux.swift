// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The release of Nuke for Linux these modules were built from.
public enum NukeForLinux {
    /// The version (semantic versioning): what `nuke --version` and `nuke-server --version` say,
    /// the Debian package's version (`Packaging/deb/build` reads it here) and CHANGELOG.md's
    /// newest entry.
    public static let version = "0.9.0"
}
