// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// `--name`: how output files are named, relative to the output folder. Placeholders: `{name}`
/// (the input's file name without extension), `{ext}` (the output format's extension), `{dir}`
/// (the input's folder under a directory input, with `--recursive`), `{index}` (the input's
/// position, from 1), `{width}` and `{height}` (of the output image). The default,
/// `{dir}/{name}.{ext}`, mirrors a directory tree; an empty `{dir}` drops its `/`.
struct OutputNameTemplate: Sendable {
    /// The default template.
    static let standard = "{dir}/{name}.{ext}"
    private static let placeholders: Set<String> = ["name", "ext", "dir", "index", "width", "height"]

    private enum Part: Sendable {
        case text(String)
        case placeholder(String)
    }

    /// The template as given.
    let template: String
    private let parts: [Part]

    /// Parses `template`.
    ///
    /// - Throws: a usage ``CommandLineError`` for an unknown or unclosed placeholder, an
    ///   absolute path or a `..` component.
    init(_ template: String) throws(CommandLineError) {
        self.template = template
        var parts: [Part] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw .usage("bad --name '\(template)': '{' without '}'")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard Self.placeholders.contains(name) else {
                throw .usage(
                    "bad --name '\(template)': unknown placeholder {\(name)} (use {name}, {ext}, {dir}, {index}, {width}, {height})"
                )
            }
            parts.append(.placeholder(name))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        if template.contains("}") && !parts.contains(where: { if case .placeholder = $0 { true } else { false } }) {
            throw .usage("bad --name '\(template)': '}' without '{'")
        }
        guard !template.hasPrefix("/"), !template.split(separator: "/").contains("..") else {
            throw .usage("bad --name '\(template)': names stay inside the output folder (no leading '/', no '..')")
        }
        self.parts = parts
    }

    /// The extension the template writes literally (`{name}.webp` → `webp`), if it ends in one.
    var literalExtension: String? {
        guard case .text(let text)? = parts.last, let dot = text.lastIndex(of: "."), !text.hasSuffix(".") else {
            return nil
        }
        let ext = text[text.index(after: dot)...]
        return ext.contains("/") ? nil : String(ext)
    }

    /// The relative path for one output.
    func path(for input: ImageInput, index: Int, fileExtension: String, width: Int, height: Int) -> String {
        let values = [
            "name": input.baseName,
            "ext": fileExtension,
            "dir": input.relativeDirectory.split(separator: "/")
                .map { String($0.map(ImageInput.fileNameCharacter)) }.joined(separator: "/"),
            "index": "\(index)",
            "width": "\(width)",
            "height": "\(height)",
        ]
        let path = parts.map { part in
            switch part {
            case .text(let text): text
            case .placeholder(let name): values[name] ?? ""
            }
        }.joined()
        // `{dir}` may be empty: drop the empty components it leaves.
        return path.split(separator: "/").joined(separator: "/")
    }
}
