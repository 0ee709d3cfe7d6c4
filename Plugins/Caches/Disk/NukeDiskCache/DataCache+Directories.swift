// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Where caches made by name live: each program in its own folder under the user's cache
/// directory, as each app has its own caches directory on Apple platforms.
extension DataCache {
    /// The user's cache directory: `$XDG_CACHE_HOME` when set to an absolute path, else `~/.cache`.
    public static var userCachesDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
    }

    /// This program's folder under ``userCachesDirectory``, named ``applicationName``: where
    /// ``init(name:sizeLimit:filenameGenerator:)`` and the default HTTP cache put their files.
    public static var applicationCachesDirectory: URL {
        userCachesDirectory.appendingPathComponent(applicationName, isDirectory: true)
    }

    /// The name of this program's cache folder: the executable's name unless
    /// ``setApplicationName(_:)`` gave another.
    public static var applicationName: String {
        storedApplicationName.withLock { $0 } ?? executableName
    }

    /// Names this program's cache folder, such as `com.example.gallery`; call it before the
    /// first cache made by name opens (the shared HTTP cache opens on first use).
    ///
    /// - Throws: ``DataCacheError/invalidName(_:)`` when `name` is empty, `.`, `..` or has a `/`.
    public static func setApplicationName(_ name: String) throws(DataCacheError) {
        guard isFolderName(name) else { throw .invalidName(name) }
        storedApplicationName.withLock { $0 = name }
    }

    /// Whether `name` is one path component.
    static func isFolderName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && name != "." && name != ".."
    }

    private static let storedApplicationName = Mutex<String?>(nil)

    /// The executable's file name (`nuke` when the system gives none that can name a folder).
    private static var executableName: String {
        let name = ProcessInfo.processInfo.processName
        return isFolderName(name) ? name : "nuke"
    }
}
