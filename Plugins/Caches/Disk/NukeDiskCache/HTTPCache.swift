// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A private HTTP cache on disk (RFC 9111): responses with their validators and freshness, in a
/// ``DataCache`` (body as the entry's data, status and headers as its metadata).
///
/// ``HTTPCachingDataLoader`` puts it in front of any loader; the pipeline does that for `http`
/// and `https` requests when `ImagePipeline.Configuration.httpCache` is set, which it is by
/// default (``shared``).
public final class HTTPCache: Sendable {
    private enum Storage {
        case unopened(@Sendable () throws -> DataCache)
        case opened(DataCache?)
    }

    private let storage: Mutex<Storage>

    /// The largest body the cache stores. Bigger responses pass through uncached, so a download
    /// is never held twice in memory (once by the caller, once to be stored) past this size.
    public let maximumEntrySize: Int

    /// A cache in `dataCache`.
    ///
    /// - Parameters:
    ///   - dataCache: Where the responses are kept.
    ///   - maximumEntrySize: The largest body to store; by default a twentieth of the disk
    ///     cache's size limit, as `URLCache` does.
    public init(dataCache: DataCache, maximumEntrySize: Int? = nil) {
        storage = Mutex(.opened(dataCache))
        self.maximumEntrySize = maximumEntrySize ?? Self.defaultMaximumEntrySize(sizeLimit: dataCache.sizeLimit)
    }

    /// A cache in the directory `name` in this program's folder under the user's cache directory
    /// (`DataCache.applicationCachesDirectory`), opened on first use;
    /// if it cannot be created, nothing is cached.
    ///
    /// - Parameters:
    ///   - name: The directory's name.
    ///   - sizeLimit: The disk cache's size limit.
    ///   - maximumEntrySize: The largest body to store; by default a twentieth of `sizeLimit`
    ///     (7.5 MiB for the default 150 MiB), as `URLCache` does.
    public init(
        name: String = "nuke.http-cache",
        sizeLimit: Int = DataCache.defaultSizeLimit,
        maximumEntrySize: Int? = nil
    ) {
        storage = Mutex(.unopened({ try DataCache(name: name, sizeLimit: sizeLimit) }))
        self.maximumEntrySize = maximumEntrySize ?? Self.defaultMaximumEntrySize(sizeLimit: sizeLimit)
    }

    private static func defaultMaximumEntrySize(sizeLimit: Int) -> Int {
        max(0, sizeLimit / 20)
    }

    /// The default cache, `nuke.http-cache` in this program's folder under the user's cache
    /// directory (`~/.cache/<program>/nuke.http-cache`, 150 MiB): programs never share it.
    public static let shared = HTTPCache()

    /// The disk cache holding the responses; `nil` if its directory could not be created.
    public var dataCache: DataCache? {
        storage.withLock { storage in
            switch storage {
            case .opened(let cache):
                return cache
            case .unopened(let open):
                let cache = try? open()
                storage = .opened(cache)
                return cache
            }
        }
    }

    /// The stored body and response for `url`, fresh or not.
    public func cachedResponse(for url: URL) -> (data: Data, response: DataResponse)? {
        entry(for: url).map { ($0.body, $0.entry.response(bodySize: $0.body.count)) }
    }

    /// `true` if a response for `url` is stored, fresh or not (its body is not read).
    public func containsData(for url: URL) -> Bool {
        dataCache?.containsData(for: url.absoluteString) ?? false
    }

    /// Removes the stored response for `url`.
    public func removeData(for url: URL) {
        dataCache?.removeData(for: url.absoluteString)
    }

    /// Removes every stored response.
    public func removeAll() {
        dataCache?.removeAll()
    }

    /// Returns when every stored response is written to disk (the async `DataCache.flush()`).
    /// Does not open a cache that was never used.
    public func flush() async {
        let opened = storage.withLock { storage -> DataCache? in
            if case .opened(let cache) = storage { cache } else { nil }
        }
        await opened?.flush()
    }

    // MARK: Entries

    func entry(for url: URL) -> (body: Data, entry: HTTPCacheEntry)? {
        guard let stored = dataCache?.cachedEntry(for: url.absoluteString),
            let entry = try? JSONDecoder().decode(HTTPCacheEntry.self, from: stored.metadata)
        else { return nil }
        return (stored.data, entry)
    }

    func store(_ body: Data, entry: HTTPCacheEntry, for url: URL) {
        guard let metadata = try? JSONEncoder().encode(entry) else { return }
        dataCache?.storeEntry(DataCache.Entry(data: body, metadata: metadata), for: url.absoluteString)
    }
}

extension HTTPCache: HTTPCaching {
    /// `loader` behind this cache (an ``HTTPCachingDataLoader``).
    public func cachingLoader(wrapping loader: any DataLoading) -> any DataLoading {
        HTTPCachingDataLoader(loader: loader, cache: self)
    }

    /// The stored body for `url`, fresh or not.
    public func cachedData(for url: URL) -> Data? {
        cachedResponse(for: url)?.data
    }
}
