// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// The changes a ``DataCache`` has accepted but not yet written to disk.
///
/// Every change gets an increasing ID. A flush works from a snapshot and afterwards drops only
/// the changes whose ID is unchanged, so a change made while the flush ran stays staged for the
/// next one. A staged "remove all" hides every entry on disk that has no newer staged change.
struct DataCacheStaging {
    enum Change {
        case store(DataCache.Entry)
        case remove
    }

    struct Staged {
        var id: Int
        var change: Change
    }

    /// What staging says about one key.
    enum Lookup {
        case stored(DataCache.Entry)
        case removed
        case notStaged
    }

    /// A consistent view of staging taken by a flush.
    struct Snapshot {
        var changes: [String: Staged]
        var removeAllID: Int?
    }

    private(set) var changes: [String: Staged] = [:]
    private(set) var removeAllID: Int?
    private var nextID = 0

    /// Last-use stamps of reads not yet written to the files, by file name (a read only costs
    /// this dictionary entry; the flush stamps the files).
    var touches: [String: Int64] = [:]

    /// Whether a flush has been scheduled for the current changes.
    var isFlushScheduled = false

    /// The staged state of `key`.
    func lookup(_ key: String) -> Lookup {
        if let staged = changes[key] {
            switch staged.change {
            case .store(let entry): return .stored(entry)
            case .remove: return .removed
            }
        }
        return removeAllID == nil ? .notStaged : .removed
    }

    /// Stages a change for `key`, replacing any earlier one.
    mutating func stage(_ change: Change, for key: String) {
        nextID += 1
        changes[key] = Staged(id: nextID, change: change)
    }

    /// Stages the removal of everything, dropping the changes it supersedes.
    mutating func stageRemoveAll() {
        nextID += 1
        changes.removeAll()
        removeAllID = nextID
    }

    /// Everything staged, or only `key`'s change.
    func snapshot(only key: String? = nil) -> Snapshot {
        guard let key else { return Snapshot(changes: changes, removeAllID: removeAllID) }
        return Snapshot(changes: changes[key].map { [key: $0] } ?? [:], removeAllID: nil)
    }

    /// Drops the changes of `snapshot` that were not replaced while it was being written.
    mutating func commit(_ snapshot: Snapshot) {
        for (key, staged) in snapshot.changes where changes[key]?.id == staged.id {
            changes[key] = nil
        }
        if let id = snapshot.removeAllID, removeAllID == id {
            removeAllID = nil
        }
    }
}
