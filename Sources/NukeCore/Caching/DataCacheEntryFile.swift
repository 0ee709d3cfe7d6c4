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
/// Layout: the 8-byte magic `NUKEDC01`, the key length (UInt32), the metadata length (UInt32) and
/// the data length (UInt64), all little-endian, then the key's UTF-8 bytes, the metadata and the
/// data. A file is only accepted when its size is exactly what the header says and the key it
/// names is the key asked for, so a truncated or foreign file, or a file-name collision, reads as
/// a miss. Files are written under a temporary name and renamed into place, which is atomic.
enum DataCacheEntryFile {
    static let magic: [UInt8] = Array("NUKEDC01".utf8)
    static let headerSize = 24

    /// The largest prefix read at once; covers the header, key and metadata of nearly every entry.
    private static let prefixSize = 4096

    // MARK: Reading

    /// Reads the entry at `path` if it is complete and belongs to `key`, and marks it used.
    static func readEntry(at path: String, key: String, usedAt stamp: timespec) -> DataCache.Entry? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let fileSize = Int(info.st_size)
        guard fileSize >= headerSize else { return nil }

        var prefix = [UInt8](repeating: 0, count: min(fileSize, prefixSize))
        guard readFully(fd, into: &prefix, offset: 0) else { return nil }
        guard let header = Header(prefix), header.totalSize == fileSize else { return nil }
        let keyBytes = Array(key.utf8)
        guard header.keyLength == keyBytes.count else { return nil }

        let leadSize = headerSize + header.keyLength + header.metadataLength
        var lead = prefix
        if leadSize > prefix.count {
            lead = [UInt8](repeating: 0, count: leadSize)
            guard readFully(fd, into: &lead, offset: 0) else { return nil }
        }
        guard lead[headerSize..<headerSize + header.keyLength].elementsEqual(keyBytes) else { return nil }
        let metadata = Data(lead[headerSize + header.keyLength..<leadSize])

        var data = Data(count: header.dataLength)
        let alreadyRead = max(0, min(prefix.count - leadSize, header.dataLength))
        let isComplete = data.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            if alreadyRead > 0 {
                prefix.withUnsafeBytes { source in
                    base.copyMemory(from: source.baseAddress! + leadSize, byteCount: alreadyRead)
                }
            }
            return readFully(
                fd,
                into: UnsafeMutableRawBufferPointer(rebasing: buffer[alreadyRead...]),
                offset: leadSize + alreadyRead
            )
        }
        guard isComplete else { return nil }
        setTimes(fd, to: stamp)
        return DataCache.Entry(data: data, metadata: metadata)
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
        var lead = Header(
            keyLength: key.utf8.count,
            metadataLength: entry.metadata.count,
            dataLength: entry.data.count
        ).bytes
        lead.append(contentsOf: key.utf8)
        lead.append(contentsOf: entry.metadata)
        let isWritten =
            lead.withUnsafeBytes { writeFully(fd, $0) } && entry.data.withUnsafeBytes { writeFully(fd, $0) }
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

    // MARK: Header

    struct Header {
        var keyLength: Int
        var metadataLength: Int
        var dataLength: Int

        var totalSize: Int { headerSize + keyLength + metadataLength + dataLength }

        init(keyLength: Int, metadataLength: Int, dataLength: Int) {
            self.keyLength = keyLength
            self.metadataLength = metadataLength
            self.dataLength = dataLength
        }

        init?(_ bytes: [UInt8]) {
            guard bytes.count >= headerSize, bytes[0..<8].elementsEqual(magic) else { return nil }
            func integer(at offset: Int, size: Int) -> UInt64 {
                (0..<size).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
            }
            let keyLength = integer(at: 8, size: 4)
            let metadataLength = integer(at: 12, size: 4)
            let dataLength = integer(at: 16, size: 8)
            guard dataLength < UInt64(Int.max / 2) else { return nil }
            self.init(keyLength: Int(keyLength), metadataLength: Int(metadataLength), dataLength: Int(dataLength))
        }

        var bytes: [UInt8] {
            var bytes = magic
            func append(_ value: Int, size: Int) {
                for index in 0..<size { bytes.append(UInt8(truncatingIfNeeded: UInt64(value) >> (8 * UInt64(index)))) }
            }
            append(keyLength, size: 4)
            append(metadataLength, size: 4)
            append(dataLength, size: 8)
            return bytes
        }
    }

    // MARK: POSIX helpers

    private static func readFully(_ fd: Int32, into bytes: inout [UInt8], offset: Int) -> Bool {
        bytes.withUnsafeMutableBytes { readFully(fd, into: $0, offset: offset) }
    }

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
