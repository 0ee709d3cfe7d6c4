import Foundation

/// A `<url-or-path>` argument: an `http`, `https`, `file` or `data` URL, or a path to a file.
struct ImageInput: Sendable {
    /// The argument as given.
    let argument: String
    /// The URL the pipeline loads.
    let url: URL

    /// Parses `argument`.
    ///
    /// - Throws: ``CommandLineError`` for a malformed URL, an unsupported scheme, or a path to
    ///   no file.
    init(_ argument: String) throws(CommandLineError) {
        self.argument = argument
        if argument.hasPrefix("data:") || argument.contains("://") {
            guard let url = URL(string: argument), let scheme = url.scheme?.lowercased() else {
                throw CommandLineError("'\(argument)' is not a valid URL")
            }
            guard ["http", "https", "file", "data"].contains(scheme) else {
                throw CommandLineError(
                    "'\(argument)': unsupported URL scheme '\(scheme)' (use http, https, file or data)"
                )
            }
            guard scheme == "data" || scheme == "file" || !(url.host ?? "").isEmpty else {
                throw CommandLineError("'\(argument)' is not a valid URL: it has no host")
            }
            self.url = url
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw CommandLineError("'\(argument)': no such file")
            }
            guard !isDirectory.boolValue else { throw CommandLineError("'\(argument)' is a directory, not an image") }
            self.url = URL(fileURLWithPath: argument)
        }
    }

    /// Whether the input comes over the network (and so through the loader and the HTTP cache).
    var isRemote: Bool {
        ["http", "https"].contains(url.scheme?.lowercased() ?? "")
    }

    /// A file name for the input's output, without extension.
    var baseName: String {
        let last = url.deletingPathExtension().lastPathComponent
        let name = String(last.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        return name.isEmpty || url.scheme == "data" ? "image" : name
    }
}
