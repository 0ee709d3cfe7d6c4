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
}
