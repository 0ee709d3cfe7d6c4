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
        var prefix = ""
        for component in url.path.split(separator: "/") {
            prefix += "/\(component)"
            guard mkdir(prefix, 0o755) == 0 || errno == EEXIST else {
                throw CommandLineError("cannot write to \(url.path): \(String(cString: strerror(errno)))")
            }
        }
        guard access(url.path, W_OK) == 0 else {
            throw CommandLineError("cannot write to \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `data` as `name`.`fileExtension`, adding `-2`, `-3`, … if `claimed` already has it.
    func write(_ data: Data, name: String, fileExtension: String, claimed: inout Set<String>) throws(CommandLineError)
        -> URL
    {
        var fileName = "\(name).\(fileExtension)"
        var counter = 2
        while claimed.contains(fileName) {
            fileName = "\(name)-\(counter).\(fileExtension)"
            counter += 1
        }
        claimed.insert(fileName)
        let file = url.appendingPathComponent(fileName)
        do {
            try data.write(to: file, options: .atomic)
        } catch {
            throw CommandLineError("cannot write \(file.path): \((error as NSError).localizedDescription)")
        }
        return file
    }
}
