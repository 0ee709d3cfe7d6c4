// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A cache of encoded data, usually on disk, keyed by strings.
///
/// Implementations must be thread-safe, and ``storeData(_:for:)`` must return without waiting
/// for the disk.
public protocol DataCaching: Sendable {
    /// The data stored for `key`, or `nil`.
    func cachedData(for key: String) -> Data?

    /// `true` if data is stored for `key`.
    func containsData(for key: String) -> Bool

    /// Stores data for `key`, replacing what was there; returns at once.
    func storeData(_ data: Data, for key: String)

    /// Removes the data stored for `key`.
    func removeData(for key: String)

    /// Removes everything.
    func removeAll()

    /// Returns when every change made so far is stored durably. Must not block the calling
    /// thread. Does nothing by default (a cache that stores synchronously).
    func flush() async
}

extension DataCaching {
    /// Does nothing: stores are already durable when ``storeData(_:for:)`` returns.
    public func flush() async {}
}
