// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Self-describing entry contents for the disk-cache crash test: each value names its key,
/// generation and length in a header repeated as a trailer, and is filled with a pattern derived
/// from them, so a truncated or mixed value is detected.
public enum CrashTestContent {
    /// The key of entry `index`.
    public static func key(_ index: Int) -> String { "crash-entry-\(index)" }

    /// The contents of entry `index` as written by `generation`: 1 to 64 KiB.
    public static func make(index: Int, generation: Int) -> Data {
        let length = 1024 + (index &* 7919 &+ generation &* 104_729) % (63 * 1024)
        var data = Data(repeating: fill(index: index, generation: generation), count: length)
        let header = header(index: index, generation: generation, length: length)
        data.replaceSubrange(0..<header.count, with: header)
        data.replaceSubrange(length - header.count..<length, with: header)
        return data
    }

    /// The generation `data` was written by, if it is an intact value of entry `index`.
    public static func generation(of data: Data, index: Int) -> Int? {
        let header = [UInt8](data.prefix(12))
        guard header.count == 12 else { return nil }
        let fields = (0..<3).map { field in
            (0..<4).reduce(0) { $0 | Int(header[field * 4 + $1]) << (8 * $1) }
        }
        guard fields[0] == index, fields[2] == data.count else { return nil }
        return make(index: index, generation: fields[1]) == data ? fields[1] : nil
    }

    private static func fill(index: Int, generation: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: index &* 31 &+ generation &* 17 &+ 1)
    }

    private static func header(index: Int, generation: Int, length: Int) -> [UInt8] {
        [index, generation, length].flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    }
}
