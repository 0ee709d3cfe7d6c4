// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

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

/// The on-disk form of one ``DataCache`` entry, and the POSIX calls that read and write it.
///
/// Layout: the data, the metadata, the key's UTF-8 bytes, then a 24-byte trailer: the data length
/// (UInt64), the metadata length (UInt32) and the key length (UInt32), little-endian, and the magic
/// `NUKEDC01` last. Data first means a read hands out the buffer it read into, with no copy.
/// A file is only accepted when its size is exactly what the trailer says and the key it names is
/// the key asked for, so a truncated or foreign file, or a file-name collision, reads as a miss.
/// Files are written under a temporary name and renamed into place, which is atomic.
enum DataCacheEntryFile {
    static let magic: [UInt8] = Array("NUKEDC01".utf8)
    static let trailerSize = 24

    // MARK: Reading

    /// Reads the entry at `path` if it is complete and belongs to `key`.
    ///
    /// One read of the whole file into one buffer; the returned data is a view into it (no copy).
    static func readEntry(at path: String, key: String) -> DataCache.Entry? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let fileSize = Int(info.st_size)
        guard fileSize >= trailerSize, let buffer = malloc(fileSize) else { return nil }
        let bytes = UnsafeMutableRawBufferPointer(start: buffer, count: fileSize)
        guard readFully(fd, into: bytes, offset: 0),
            let trailer = Trailer(UnsafeRawBufferPointer(rebasing: bytes[(fileSize - trailerSize)...])),
            trailer.totalSize == fileSize,
            matches(key, UnsafeRawBufferPointer(rebasing: bytes[trailer.keyRange]))
        else {
            free(buffer)
            return nil
        }
        let metadata = Data(bytes[trailer.metadataRange])
        let data = Data(bytesNoCopy: buffer, count: trailer.dataLength, deallocator: .free)
        return DataCache.Entry(data: data, metadata: metadata)
    }

    private static func matches(_ key: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var key = key
        return key.withUTF8 { utf8 in
            utf8.count == bytes.count
                && (bytes.isEmpty || memcmp(utf8.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
    }

    /// Sets the last-use stamp of the file at `path` to `stamp` unless it is already later (the
    /// file may have been rewritten since the read that produced the stamp).
    static func touch(at path: String, stamp: Int64) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return }
        let current = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        if stamp > current { setTimes(fd, to: DataCacheClock.makeTimespec(stamp)) }
    }

    // MARK: Writing

    /// Writes `entry` to a new file at `temporaryPath`, stamps its time, and renames it to `path`.
    static func writeEntry(
        _ entry: DataCache.Entry,
        key: String,
        to path: String,
        temporaryPath: String,
        stamp: timespec
    ) throws(DataCacheIOError) {
        let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw DataCacheIOError(operation: "create", path: temporaryPath) }
        var tail = [UInt8](entry.metadata)
        tail.append(contentsOf: key.utf8)
        tail.append(
            contentsOf: Trailer(
                dataLength: entry.data.count,
                metadataLength: entry.metadata.count,
                keyLength: key.utf8.count
            ).bytes
        )
        let isWritten =
            entry.data.withUnsafeBytes { writeFully(fd, $0) } && tail.withUnsafeBytes { writeFully(fd, $0) }
        let writeError = isWritten ? nil : DataCacheIOError(operation: "write", path: temporaryPath)
        setTimes(fd, to: stamp)
        close(fd)
        if let writeError {
            unlink(temporaryPath)
            throw writeError
        }
        guard rename(temporaryPath, path) == 0 else {
            let error = DataCacheIOError(operation: "rename", path: path)
            unlink(temporaryPath)
            throw error
        }
    }

    // MARK: Trailer

    struct Trailer {
        var dataLength: Int
        var metadataLength: Int
        var keyLength: Int

        var totalSize: Int { dataLength + metadataLength + keyLength + trailerSize }
        var metadataRange: Range<Int> { dataLength..<dataLength + metadataLength }
        var keyRange: Range<Int> { metadataRange.upperBound..<metadataRange.upperBound + keyLength }

        init(dataLength: Int, metadataLength: Int, keyLength: Int) {
            self.dataLength = dataLength
            self.metadataLength = metadataLength
            self.keyLength = keyLength
        }

        init?(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count == trailerSize, bytes[16..<24].elementsEqual(magic) else { return nil }
            func integer(at offset: Int, size: Int) -> UInt64 {
                (0..<size).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
            }
            let dataLength = integer(at: 0, size: 8)
            guard dataLength < UInt64(Int.max / 2) else { return nil }
            self.init(
                dataLength: Int(dataLength),
                metadataLength: Int(integer(at: 8, size: 4)),
                keyLength: Int(integer(at: 12, size: 4))
            )
        }

        var bytes: [UInt8] {
            var bytes: [UInt8] = []
            func append(_ value: Int, size: Int) {
                for index in 0..<size { bytes.append(UInt8(truncatingIfNeeded: UInt64(value) >> (8 * UInt64(index)))) }
            }
            append(dataLength, size: 8)
            append(metadataLength, size: 4)
            append(keyLength, size: 4)
            return bytes + magic
        }
    }

    // MARK: POSIX helpers

    private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, offset: Int) -> Bool {
        var done = 0
        while done < buffer.count {
            let count = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    private static func writeFully(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < buffer.count {
            let count = write(fd, buffer.baseAddress! + done, buffer.count - done)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    /// Sets both file times to `stamp`: the cache's own record of when the entry was last used,
    /// which does not depend on `atime` (often not recorded: `noatime`, `relatime`).
    private static func setTimes(_ fd: Int32, to stamp: timespec) {
        var times = (stamp, stamp)
        withUnsafePointer(to: &times) { pointer in
            pointer.withMemoryRebound(to: timespec.self, capacity: 2) { _ = futimens(fd, $0) }
        }
    }
}

/// A failed file operation inside ``DataCache`` (reported through the cache's own handling, never
/// to the pipeline: a disk-cache failure is a cache miss).
struct DataCacheIOError: Error, CustomStringConvertible {
    var operation: String
    var path: String
    var code: Int32

    init(operation: String, path: String, code: Int32 = errno) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// `true` when a file or directory on the path does not exist.
    var isNotFound: Bool { code == ENOENT }

    var description: String {
        "\(operation) \(path): \(String(cString: strerror(code)))"
    }
}
