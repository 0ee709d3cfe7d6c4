// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A file as the file system knows it: its device and inode. Two paths name the same file —
/// through `.`, `..`, symbolic links or hard links — exactly when their identities are equal.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path`, following symbolic links; `nil` if there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
