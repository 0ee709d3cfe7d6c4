// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

internal import Synchronization

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif
#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#endif

/// The directory of a ``DataCache``: listing, sizing and removing its entry files.
///
/// Entry files are the regular files whose names do not start with a dot; temporary files start
/// with `.tmp-` and carry the writer's process ID, so several caches and processes can share one
/// directory without ever writing to the same file.
struct DataCacheDirectory: Sendable {
    /// One entry file as a sweep sees it.
    struct File {
        var name: String
        var size: Int
        var allocatedSize: Int
        var lastUsed: Int64
    }

    let path: String
    private let prefix: String

    init(path: String) {
        self.path = path
        self.prefix = path.hasSuffix("/") ? path : path + "/"
    }

    private static let temporaryPrefix = ".tmp-"
    private static let writeCounter = Atomic<Int>(0)

    /// The path of the entry file `name`.
    func path(of name: String) -> String { prefix + name }

    /// A temporary path no other writer (thread, cache or process) uses.
    func makeTemporaryPath() -> String {
        let serial = Self.writeCounter.wrappingAdd(1, ordering: .relaxed).newValue
        let nonce = UInt32.random(in: 0...UInt32.max)
        return path(of: "\(Self.temporaryPrefix)\(getpid())-\(serial)-\(String(nonce, radix: 16))")
    }

    /// Creates the directory and its parents if they do not exist.
    func create() throws(DataCacheIOError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw DataCacheIOError(operation: "create directory", path: path, code: errno == 0 ? EACCES : errno)
        }
    }

    /// The entry files, with sizes and last-use stamps. Temporary files abandoned for over an hour
    /// (by a killed process) are deleted on the way.
    func listFiles(now: Int64) -> [File] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        var files: [File] = []
        files.reserveCapacity(names.count)
        for name in names {
            var info = stat()
            guard lstat(path(of: name), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let stamp = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            if name.hasPrefix(Self.temporaryPrefix) {
                if now - stamp > 3_600_000_000_000 { unlink(path(of: name)) }
                continue
            }
            guard !name.hasPrefix(".") else { continue }
            files.append(
                File(name: name, size: Int(info.st_size), allocatedSize: Int(info.st_blocks) * 512, lastUsed: stamp)
            )
        }
        return files
    }

    /// The size of the file at `name`, or 0 if there is none.
    func sizeOfFile(_ name: String) -> Int {
        var info = stat()
        return lstat(path(of: name), &info) == 0 ? Int(info.st_size) : 0
    }

    /// The last-use stamp (modification time, nanoseconds) of the file `name`, or `nil` if there is
    /// none.
    func lastUsed(of name: String) -> Int64? {
        var info = stat()
        guard lstat(path(of: name), &info) == 0 else { return nil }
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// `true` if there is a file named `name`.
    func fileExists(_ name: String) -> Bool {
        access(path(of: name), F_OK) == 0
    }

    /// Deletes an entry file; `true` if it existed.
    @discardableResult
    func removeFile(_ name: String) -> Bool {
        unlink(path(of: name)) == 0
    }
}

/// Last-use stamps for disk-cache files: wall-clock nanoseconds, strictly increasing within the
/// process so that entries written in one flush still have a defined order.
enum DataCacheClock {
    private static let last = Atomic<Int64>(0)

    /// The next stamp.
    static func next() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let wallClock = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        var current = last.load(ordering: .relaxed)
        while true {
            let candidate = max(wallClock, current + 1)
            let (exchanged, original) = last.compareExchange(
                expected: current,
                desired: candidate,
                ordering: .relaxed
            )
            if exchanged { return candidate }
            current = original
        }
    }

    /// `stamp` as a `timespec`.
    static func makeTimespec(_ stamp: Int64) -> timespec {
        timespec(tv_sec: Int(stamp / 1_000_000_000), tv_nsec: Int(stamp % 1_000_000_000))
    }
}
