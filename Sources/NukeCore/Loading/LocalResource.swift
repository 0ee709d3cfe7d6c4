// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Reads `file:` and `data:` URLs inside core, with no loader.
enum LocalResource {
    /// `true` for `file:` and `data:` URLs, whatever the case of the scheme.
    static func isLocal(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return scheme == "file" || scheme == "data"
    }

    /// Reads the resource's bytes.
    ///
    /// - Parameter maximumSize: Fails with `dataDownloadExceededMaximumSize` for larger files,
    ///   before reading them.
    static func load(_ url: URL, maximumSize: Int?) throws(ImagePipeline.Error) -> (Data, DataResponse) {
        let data: Data
        var mimeType: String?
        if url.scheme?.lowercased() == "data" {
            do {
                let parsed = try DataURL(url.absoluteString)
                data = parsed.data
                mimeType = parsed.mimeType
            } catch {
                throw .dataLoadingFailed(error: error)
            }
        } else {
            data = try readFile(at: url.path, maximumSize: maximumSize)
        }
        if let maximumSize, data.count > maximumSize {
            throw .dataDownloadExceededMaximumSize
        }
        let response = DataResponse(url: url, expectedContentLength: Int64(data.count), mimeType: mimeType)
        return (data, response)
    }

    private static func readFile(at path: String, maximumSize: Int?) throws(ImagePipeline.Error) -> Data {
        let manager = FileManager.default
        var isDirectory = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .dataLoadingFailed(error: DataLoadingError.fileNotFound(path: path))
        }
        guard !isDirectory else {
            throw .dataLoadingFailed(error: DataLoadingError.fileReadFailed(path: path, reason: "is a directory"))
        }
        if let maximumSize, let size = (try? manager.attributesOfItem(atPath: path))?[.size] as? Int, size > maximumSize
        {
            throw .dataDownloadExceededMaximumSize
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .dataLoadingFailed(error: DataLoadingError.fileReadFailed(path: path, reason: "\(error)"))
        }
    }
}
