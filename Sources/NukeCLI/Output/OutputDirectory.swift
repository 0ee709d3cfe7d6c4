// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A directory the command writes files into, checked up front and with unique file names. It
/// never replaces a file that exists unless its ``ReplacementRules`` say so.
struct OutputDirectory: Sendable {
    /// Which existing files a write may replace.
    struct ReplacementRules: Sendable {
        /// Files that existed before (`--overwrite`); never an input.
        var replacesExistingFiles = false
        /// The inputs themselves (`--in-place`).
        var replacesInputs = false
        /// The local files being read, by identity, with the path they were named by.
        var inputs: [FileIdentity: String] = [:]
    }

    let url: URL
    let rules: ReplacementRules

    /// Creates the directory if needed and checks that it can be written.
    ///
    /// - Throws: ``CommandLineError`` naming the directory and the reason.
    init(path: String, rules: ReplacementRules = ReplacementRules()) throws(CommandLineError) {
        url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        self.rules = rules
        try Self.createDirectories(url)
        guard access(url.path, W_OK) == 0 else {
            throw CommandLineError("cannot write to \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `data` at `relativePath` (folders created as needed), adding `-2`, `-3`, … before
    /// the extension if `claimed` already has the path.
    ///
    /// - Throws: ``CommandLineError`` when the file exists and ``rules`` do not let it be
    ///   replaced, or it cannot be written.
    func write(_ data: Data, relativePath: String, claimed: inout Set<String>) throws(CommandLineError) -> URL {
        let path = Self.unclaimed(relativePath, claimed: claimed)
        claimed.insert(path)
        let file = url.appendingPathComponent(path)
        try Self.createDirectories(file.deletingLastPathComponent())
        // Written whole under a hidden name first, so the target is only ever absent, as it
        // was, or complete.
        let staged = file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).nuke-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try data.write(to: staged, options: .withoutOverwriting)
        } catch {
            throw CommandLineError("cannot write \(file.path): \((error as NSError).localizedDescription)")
        }
        defer { unlink(staged.path) }
        try place(staged.path, at: file.path)
        return file
    }

    /// Moves the staged file to `target`, if ``rules`` allow replacing what is there.
    private func place(_ staged: String, at target: String) throws(CommandLineError) {
        if let existing = FileIdentity(path: target) {
            try checkReplaceable(existing, at: target)
            // Through a symbolic link, the file it names is replaced, as `cp` does.
            try rename(staged, to: Self.resolvingSymbolicLinks(target))
        } else if link(staged, target) != 0 {
            // `link` creates the name only if it is free, where `rename` would replace a file
            // made since the check above.
            switch errno {
            case EEXIST:
                // Made since, or a symbolic link to no file.
                guard rules.replacesExistingFiles else { throw Self.existsError(target) }
                try rename(staged, to: target)
            case EPERM, EOPNOTSUPP, EXDEV, EMLINK:
                // A file system without hard links.
                try rename(staged, to: target)
            default:
                throw CommandLineError("cannot write \(target): \(String(cString: strerror(errno)))")
            }
        }
    }

    private func checkReplaceable(_ existing: FileIdentity, at target: String) throws(CommandLineError) {
        if let input = rules.inputs[existing] {
            guard rules.replacesInputs else {
                let through = input == target ? "" : " (\(target))"
                throw CommandLineError(
                    "not replacing the input \(input)\(through): give --in-place to replace inputs"
                )
            }
        } else if !rules.replacesExistingFiles {
            throw Self.existsError(target)
        }
    }

    private static func existsError(_ target: String) -> CommandLineError {
        CommandLineError("not replacing \(target), which exists: give --overwrite to replace it")
    }

    private func rename(_ staged: String, to target: String) throws(CommandLineError) {
        guard Glibc.rename(staged, target) == 0 else {
            throw CommandLineError("cannot write \(target): \(String(cString: strerror(errno)))")
        }
    }

    private static func resolvingSymbolicLinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
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
