// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport

/// A memory cgroup made by a test (as root) under whichever hierarchy the machine has — v2's
/// unified one with the memory controller, else v1's `memory` — with a limit and no swap; removed
/// when the test lets go of it, once its processes have exited.
final class MemoryCgroup: Sendable {
    /// The group's folder.
    let path: URL
    /// Whether the group is in the v2 (unified) hierarchy.
    let isUnified: Bool

    /// Why no group can be made here, or `nil` when one can.
    static let unavailableReason: String? = {
        guard getuid() == 0 else { return "memory cgroups need root" }
        guard unifiedRoot != nil || FileManager.default.fileExists(atPath: "/sys/fs/cgroup/memory/cgroup.procs") else {
            return "neither a v2 hierarchy with the memory controller nor a v1 memory hierarchy is mounted"
        }
        return nil
    }()

    /// The v2 root, when it is mounted at /sys/fs/cgroup and offers the memory controller.
    private static var unifiedRoot: URL? {
        let root = URL(fileURLWithPath: "/sys/fs/cgroup")
        let controllers = try? String(contentsOf: root.appendingPathComponent("cgroup.controllers"), encoding: .utf8)
        let names = controllers?.split(whereSeparator: \.isWhitespace) ?? []
        return names.contains("memory") ? root : nil
    }

    /// Makes a group limited to `bytes`.
    init(limit bytes: Int) throws {
        let name = "nuke-test-" + UUID().uuidString
        if let root = Self.unifiedRoot {
            isUnified = true
            try? "+memory".write(
                to: root.appendingPathComponent("cgroup.subtree_control"),
                atomically: false,
                encoding: .utf8
            )
            path = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
            try write(String(bytes), to: "memory.max")
            try? write("0", to: "memory.swap.max")
        } else {
            isUnified = false
            path = URL(fileURLWithPath: "/sys/fs/cgroup/memory").appendingPathComponent(name)
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
            try write(String(bytes), to: "memory.limit_in_bytes")
            try? write(String(bytes), to: "memory.memsw.limit_in_bytes")
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: path)  // rmdir: empty groups only.
    }

    /// The file a process's id is written to, to move it into the group.
    var processesFile: String { path.appendingPathComponent("cgroup.procs").path }

    /// How many times the kernel's OOM killer killed a process of the group.
    func oomKills() -> Int {
        let file = isUnified ? "memory.events" : "memory.oom_control"
        let text = (try? String(contentsOf: path.appendingPathComponent(file), encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("oom_kill ") }
        return line.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
    }

    private func write(_ value: String, to file: String) throws {
        try value.write(to: path.appendingPathComponent(file), atomically: false, encoding: .utf8)
    }
}
