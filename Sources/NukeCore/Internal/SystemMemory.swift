// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// How much memory this process may use: the cgroup limit when one is set (containers), else the
/// machine's physical memory. The defaults of the caches' cost limits and of a server's memory
/// budget are fractions of it.
public enum SystemMemory {
    /// The memory available to the process, in bytes; computed once.
    public static let available: UInt64 = {
        let physical = ProcessInfo.processInfo.physicalMemory
        guard let limit = cgroupLimit(), limit > 0 else { return physical }
        return min(limit, physical)
    }()

    /// Reads the cgroup v2 limit of this process's group, else the v1 limit of its memory
    /// controller's group; `nil` when unlimited.
    static func cgroupLimit() -> UInt64? {
        var candidates = ["/sys/fs/cgroup/memory.max"]
        if let group = currentCgroupV2Path() {
            candidates.insert("/sys/fs/cgroup\(group)/memory.max", at: 0)
        }
        if let group = currentCgroupPath(controller: "memory") {
            candidates.append("/sys/fs/cgroup/memory\(group)/memory.limit_in_bytes")
        }
        candidates.append("/sys/fs/cgroup/memory/memory.limit_in_bytes")
        for path in candidates {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            if let limit = parseLimit(text) { return limit }
        }
        return nil
    }

    /// Parses a cgroup limit file: a byte count, or `max` (no limit). Values near `Int64.max`
    /// (cgroup v1's "unlimited") count as no limit too.
    static func parseLimit(_ text: String) -> UInt64? {
        let value = text.trimmingWhitespace()
        guard value != "max", let bytes = UInt64(value), bytes < (1 << 62) else { return nil }
        return bytes
    }

    /// The cgroup v2 path of this process (`0::<path>` in `/proc/self/cgroup`), `nil` at the root.
    static func currentCgroupV2Path() -> String? {
        currentCgroupPath(controller: "")
    }

    /// The path of this process's group in the v1 hierarchy of `controller` (`N:memory:<path>` in
    /// `/proc/self/cgroup`), or in the v2 hierarchy for `""`; `nil` at the root.
    static func currentCgroupPath(controller: String) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else { return nil }
        return cgroupPath(controller: controller, in: text)
    }

    /// The group path `text` (in `/proc/<pid>/cgroup`'s format) gives `controller`'s hierarchy.
    static func cgroupPath(controller: String, in text: String) -> String? {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let names = fields[1].split(separator: ",")
            guard controller.isEmpty ? fields[1].isEmpty : names.contains(Substring(controller)) else { continue }
            return fields[2] == "/" ? nil : String(fields[2])
        }
        return nil
    }
}
