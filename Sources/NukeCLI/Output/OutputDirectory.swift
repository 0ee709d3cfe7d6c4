// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A directory the command writes files into, checked up front and with unique file names.
struct OutputDirectory: Sendable {
    let url: URL

    /// Creates the directory if needed and checks that it can be written.
    ///
    /// - Throws: ``CommandLineError`` naming the directory and the reason.
    init(path: String) throws(CommandLineError) {
        url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        try Self.createDirectories(url)
        guard access(url.path, W_OK) == 0 else {
            throw CommandLineError("cannot write to \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `data` at `relativePath` (folders created as needed), adding `-2`, `-3`, … before
    /// the extension if `claimed` already has the path.
    func write(_ data: Data, relativePath: String, claimed: inout Set<String>) throws(CommandLineError) -> URL {
        let path = Self.unclaimed(relativePath, claimed: claimed)
        claimed.insert(path)
        let file = url.appendingPathComponent(path)
        try Self.createDirectories(file.deletingLastPathComponent())
        do {
            try data.write(to: file, options: .atomic)
        } catch {
            throw CommandLineError("cannot write \(file.path): \((error as NSError).localizedDescription)")
        }
        return file
    }

    /// `path`, or `path` with `-2`, `-3`, … before its extension, whichever `claimed` lacks first.
    static func unclaimed(_ path: String, claimed: Set<String>) -> String {
        guard claimed.contains(path) else { return path }
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let dot = path[slash...].lastIndex(of: ".") ?? path.endIndex
        var counter = 2
        while claimed.contains(path[..<dot] + "-\(counter)" + path[dot...]) { counter += 1 }
        return path[..<dot] + "-\(counter)" + path[dot...]
    }

    private static func createDirectories(_ url: URL) throws(CommandLineError) {
        var prefix = ""
        for component in url.standardizedFileURL.path.split(separator: "/") {
            prefix += "/\(component)"
            guard mkdir(prefix, 0o755) == 0 || errno == EEXIST else {
                throw CommandLineError("cannot write to \(url.path): \(String(cString: strerror(errno)))")
            }
        }
    }
}
