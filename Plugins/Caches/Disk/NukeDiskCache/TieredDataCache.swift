// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Data caches in tiers, nearest first: say a `DataCache` on the local disk, then a cache that
/// a fleet of servers shares.
///
/// - Reads try each tier in turn; data found in an outer tier is stored into the nearer ones
///   (promoted), so the next read of it is local.
/// - Writes and removals go to every tier. `DataCaching.storeData(_:for:)` returns at once by
///   contract, so a remote tier's write happens off the caller's path.
/// - ``flush()`` flushes every tier.
///
/// ```swift
/// let local = try DataCache(path: URL(fileURLWithPath: "/var/cache/images"))
/// let shared = try DataCache(path: URL(fileURLWithPath: "/mnt/shared/images"))
/// let pipeline = ImagePipeline { $0.dataCache = TieredDataCache([local, shared]) }
/// ```
public final class TieredDataCache: DataCaching {
    /// The tiers, nearest first.
    public let tiers: [any DataCaching]

    /// A cache over `tiers`, nearest first.
    public init(_ tiers: [any DataCaching]) {
        self.tiers = tiers
    }

    /// The data from the nearest tier that has it, stored into the tiers before that one.
    public func cachedData(for key: String) -> Data? {
        for (index, tier) in tiers.enumerated() {
            guard let data = tier.cachedData(for: key) else { continue }
            for nearer in tiers[..<index] { nearer.storeData(data, for: key) }
            return data
        }
        return nil
    }

    /// Whether any tier has data for `key`.
    public func containsData(for key: String) -> Bool {
        tiers.contains { $0.containsData(for: key) }
    }

    /// Stores `data` in every tier; returns at once.
    public func storeData(_ data: Data, for key: String) {
        for tier in tiers { tier.storeData(data, for: key) }
    }

    /// Removes `key` from every tier.
    public func removeData(for key: String) {
        for tier in tiers { tier.removeData(for: key) }
    }

    /// Removes everything from every tier.
    public func removeAll() {
        for tier in tiers { tier.removeAll() }
    }

    /// Returns when every tier has stored its changes durably.
    public func flush() async {
        for tier in tiers { await tier.flush() }
    }
}
