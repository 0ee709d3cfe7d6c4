// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// The bytes of an interrupted download and the validator that lets the server confirm they are
/// still current.
struct ResumableData: Sendable {
    let data: Data
    let validator: String

    /// Keeps what was received if the server can resume it: an HTTP 200/206 response with
    /// `Accept-Ranges: bytes`, an `ETag` (preferred) or `Last-Modified`, and part of the body.
    ///
    /// - Parameter expectedTotal: The full length of the resource, counting resumed bytes.
    init?(response: DataResponse?, data: Data, expectedTotal: Int64) {
        guard let response, let status = response.statusCode, status == 200 || status == 206,
            !data.isEmpty, expectedTotal > 0, Int64(data.count) < expectedTotal,
            response.headers["Accept-Ranges"]?.lowercased() == "bytes",
            let validator = response.headers["ETag"] ?? response.headers["Last-Modified"]
        else { return nil }
        self.data = data
        self.validator = validator
    }

    /// Asks the server for the rest.
    func apply(to request: inout DataRequest) {
        request.setValue("bytes=\(data.count)-", forHTTPHeaderField: "Range")
        request.setValue(validator, forHTTPHeaderField: "If-Range")
    }
}

/// Interrupted downloads of one pipeline, kept in memory, keyed by image ID; the oldest are
/// dropped beyond 100 entries or beyond 1% of available memory (at most 32 MiB).
final class ResumableDataStorage: Sendable {
    private struct Entries {
        var items: [(key: String, value: ResumableData)] = []
        var totalSize = 0
    }

    private let entries = Mutex(Entries())
    private let countLimit = 100
    private let sizeLimit = Int(min(32 * 1024 * 1024, SystemMemory.available / 100))

    /// Removes and returns the entry for `key`.
    func take(for key: String) -> ResumableData? {
        entries.withLock { entries in
            guard let index = entries.items.firstIndex(where: { $0.key == key }) else { return nil }
            let value = entries.items.remove(at: index).value
            entries.totalSize -= value.data.count
            return value
        }
    }

    /// Stores an entry, replacing an older one for the same key.
    func store(_ value: ResumableData, for key: String) {
        guard value.data.count <= sizeLimit else { return }
        entries.withLock { entries in
            if let index = entries.items.firstIndex(where: { $0.key == key }) {
                entries.totalSize -= entries.items.remove(at: index).value.data.count
            }
            entries.items.append((key, value))
            entries.totalSize += value.data.count
            while entries.items.count > countLimit || entries.totalSize > sizeLimit {
                entries.totalSize -= entries.items.removeFirst().value.data.count
            }
        }
    }

    /// `true` if an entry exists for `key`.
    func contains(_ key: String) -> Bool {
        entries.withLock { $0.items.contains { $0.key == key } }
    }
}
