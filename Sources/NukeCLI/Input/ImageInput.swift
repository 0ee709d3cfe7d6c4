// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke

#if canImport(Glibc)
    import Glibc
#endif

/// One image to load: an `http`, `https`, `file` or `data` URL, a path to a file, or the bytes
/// read from stdin for `-`.
struct ImageInput: Sendable {
    /// Where the bytes come from.
    enum Source: Sendable {
        /// A URL the pipeline loads (files become `file:` URLs).
        case url(URL)
        /// Bytes read from stdin.
        case standardInput(Data)
    }

    /// The input as the user named it (a file found in a directory: its path).
    let argument: String
    /// Where the bytes come from.
    let source: Source
    /// For a file found under a directory input: its folder relative to that directory, such
    /// as `2024/may` (empty otherwise); `{dir}` in an output-name template.
    let relativeDirectory: String

    /// Parses `argument`: a URL, or a path to a file.
    ///
    /// - Throws: ``CommandLineError``: a usage error for a malformed URL or an unsupported
    ///   scheme, a failure for a path to no file.
    init(_ argument: String) throws(CommandLineError) {
        self.argument = argument
        self.relativeDirectory = ""
        if argument.hasPrefix("data:") || argument.contains("://") {
            guard let url = URL(string: argument), let scheme = url.scheme?.lowercased() else {
                throw .usage("'\(argument)' is not a valid URL")
            }
            guard ["http", "https", "file", "data"].contains(scheme) else {
                throw .usage("'\(argument)': unsupported URL scheme '\(scheme)' (use http, https, file or data)")
            }
            guard scheme == "data" || scheme == "file" || !(url.host ?? "").isEmpty else {
                throw .usage("'\(argument)' is not a valid URL: it has no host")
            }
            self.source = .url(url)
        } else {
            var info = stat()
            guard stat(argument, &info) == 0, access(argument, R_OK) == 0 else {
                throw CommandLineError("cannot read '\(argument)': \(String(cString: strerror(errno)))")
            }
            guard info.st_mode & S_IFMT != S_IFDIR else {
                throw CommandLineError("'\(argument)' is a directory, not an image")
            }
            self.source = .url(URL(fileURLWithPath: argument))
        }
    }

    /// A file found under a directory input.
    init(file path: String, relativeDirectory: String) {
        self.argument = path
        self.source = .url(URL(fileURLWithPath: path))
        self.relativeDirectory = relativeDirectory
    }

    /// The bytes of stdin, named `-`.
    init(standardInput data: Data) {
        self.argument = "-"
        self.source = .standardInput(data)
        self.relativeDirectory = ""
    }

    /// A request for the image with `processors`.
    func request(processors: [any ImageProcessing] = []) -> ImageRequest {
        switch source {
        case .url(let url):
            ImageRequest(url: url, processors: processors)
        case .standardInput(let data):
            ImageRequest(id: "nuke-cli:stdin", data: { data }, processors: processors)
        }
    }

    /// The local file read, if the input is one (a path or a `file:` URL).
    var fileIdentity: FileIdentity? {
        guard case .url(let url) = source, url.isFileURL else { return nil }
        return FileIdentity(path: url.path)
    }

    /// Whether the input comes over the network (and so through the loader and the HTTP cache).
    var isRemote: Bool {
        guard case .url(let url) = source else { return false }
        return ["http", "https"].contains(url.scheme?.lowercased() ?? "")
    }

    /// A file name for the input's output, without extension: letters, digits, `-` and `_`.
    var baseName: String {
        guard case .url(let url) = source, url.scheme != "data" else { return argument == "-" ? "stdin" : "image" }
        let name = String(url.deletingPathExtension().lastPathComponent.map(Self.fileNameCharacter))
        return name.isEmpty ? "image" : name
    }

    /// `character` if it is safe in a file name, else `-`.
    static func fileNameCharacter(_ character: Character) -> Character {
        character.isLetter || character.isNumber || character == "-" || character == "_" ? character : "-"
    }
}
