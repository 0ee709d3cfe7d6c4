// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A fresh directory under the system's temporary directory, deleted with everything in it when
/// the value is released.
public final class TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Its path.
    public var path: String { url.path }

    /// Creates the directory.
    public init(prefix: String = "nuke-tests") throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        url = URL(fileURLWithPath: base, isDirectory: true)
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A URL inside the directory.
    public func appending(_ component: String) -> URL {
        url.appendingPathComponent(component)
    }

    /// The names of the files in the directory, sorted.
    public func fileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
