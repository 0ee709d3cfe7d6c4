// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

/// Turns the command's input arguments into images: URLs and files as they are, directories into
/// the images they hold (with `recursive`, in their subfolders too, each remembering its folder),
/// the lines of an input list, and `-` for the bytes of stdin. An argument that cannot be read
/// is an ``UnusableInput`` in its place, so that the others are still processed.
struct InputExpansion {
    /// The file extensions a directory's images are recognised by (lowercased).
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "png", "apng", "gif", "webp"]

    /// Whether directories are searched below their top level.
    var recursive = false
    /// Reads all of stdin (once: ``expand(_:inputList:)`` refuses a second `-`).
    private func readStandardInput() -> Data {
        FileHandle.standardInput.readDataToEndOfFile()
    }

    /// Expands `arguments` and the lines of `inputList` (a path, or `-` for stdin), in order: an
    /// image for each file or URL, the images of each directory, or why an argument cannot be
    /// read (a missing file, an unreadable directory, a malformed URL).
    ///
    /// - Throws: ``CommandLineError`` for an unreadable list, or stdin asked for twice.
    func expand(
        _ arguments: [String],
        inputList: String? = nil
    ) throws(CommandLineError) -> [Result<ImageInput, UnusableInput>] {
        var arguments = arguments
        if let inputList {
            arguments += try lines(of: inputList)
        }
        guard arguments.filter({ $0 == "-" }).count + (inputList == "-" ? 1 : 0) <= 1 else {
            throw .usage("stdin can be read once: give '-' as an input or as --input-file, not both")
        }
        var inputs: [Result<ImageInput, UnusableInput>] = []
        for argument in arguments {
            do throws(CommandLineError) {
                if argument == "-" {
                    inputs.append(.success(ImageInput(standardInput: readStandardInput())))
                } else if isDirectory(argument) {
                    inputs += try images(in: argument).map { .success($0) }
                } else {
                    inputs.append(.success(try ImageInput(argument)))
                }
            } catch {
                inputs.append(.failure(UnusableInput(argument: argument, reason: error)))
            }
        }
        return inputs
    }

    /// The non-empty lines of the list at `path` (`-`: stdin), without `#` comments.
    private func lines(of path: String) throws(CommandLineError) -> [String] {
        let data: Data
        if path == "-" {
            data = readStandardInput()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw CommandLineError("cannot read the input list \(path)")
            }
            data = contents
        }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    private func isDirectory(_ path: String) -> Bool {
        guard !path.contains("://"), !path.hasPrefix("data:") else { return false }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The images in `directory`, sorted by path; subfolders too when ``recursive``.
    private func images(in directory: String) throws(CommandLineError) -> [ImageInput] {
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        let names: [String]
        do {
            names =
                recursive
                ? try FileManager.default.subpathsOfDirectory(atPath: root.path)
                : try FileManager.default.contentsOfDirectory(atPath: root.path)
        } catch {
            throw CommandLineError("cannot read the directory \(directory): \((error as NSError).localizedDescription)")
        }
        return names.sorted().compactMap { relativePath in
            let url = root.appendingPathComponent(relativePath)
            guard Self.imageExtensions.contains(url.pathExtension.lowercased()),
                !url.lastPathComponent.hasPrefix(".")
            else { return nil }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { return nil }
            let folder = (relativePath as NSString).deletingLastPathComponent
            let display = directory.hasSuffix("/") ? directory + relativePath : directory + "/" + relativePath
            return ImageInput(file: display, relativeDirectory: folder)
        }
    }
}

/// An input argument that gives no image to load, and why.
struct UnusableInput: Error, CustomStringConvertible {
    /// The argument as given.
    let argument: String
    /// Why it cannot be read.
    let reason: CommandLineError

    var description: String { reason.description }
}
