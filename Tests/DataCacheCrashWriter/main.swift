// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The child process of NukeCoreTests' disk-cache tests.
//
// DataCacheCrashWriter <directory> <generation> <first index>
//     Writes entries of known content until it is killed (the crash test).
// DataCacheCrashWriter <directory> share <writer 0 or 1> <count>
//     Once stdin says "go": writes `count` entries of its own and, over and over, 100 entries
//     the other writer writes too, reading the other's as it goes; then reads its own back.
//     Prints what it found damaged or lost, and exits 0 only if nothing was.

import Foundation
import NukeCore
import NukeDiskCache
import NukeTestSupport

let arguments = CommandLine.arguments

/// The index of `writer`'s own entry `number`, apart from the 100 shared ones.
func ownIndex(writer: Int, _ number: Int) -> Int { 1000 + writer * 10_000 + number }

func share(directory: String, writer: Int, count: Int) throws -> Never {
    let cache = try DataCache(path: URL(fileURLWithPath: directory, isDirectory: true))
    cache.flushDelay = .milliseconds(1)
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    _ = readLine()
    let other = 1 - writer
    var (damaged, seenFromOther) = (0, 0)
    for number in 0..<count {
        let own = ownIndex(writer: writer, number)
        cache.storeData(CrashTestContent.make(index: own, generation: writer), for: CrashTestContent.key(own))
        let shared = number % 100
        cache.storeData(CrashTestContent.make(index: shared, generation: writer), for: CrashTestContent.key(shared))
        if number % 10 == 0 { cache.flush() }
        let theirs = ownIndex(writer: other, number / 2)
        if let data = cache.cachedData(for: CrashTestContent.key(theirs)) {
            seenFromOther += 1
            if CrashTestContent.generation(of: data, index: theirs) != other { damaged += 1 }
        }
        if let data = cache.cachedData(for: CrashTestContent.key(shared)),
            ![0, 1].contains(CrashTestContent.generation(of: data, index: shared))
        {
            damaged += 1
        }
    }
    cache.flush()
    let lost = (0..<count).filter { number in
        let own = ownIndex(writer: writer, number)
        let data = cache.cachedData(for: CrashTestContent.key(own))
        return data.flatMap { CrashTestContent.generation(of: $0, index: own) } != writer
    }.count
    print("damaged \(damaged) lost \(lost) seen-from-other \(seenFromOther)")
    exit(damaged == 0 && lost == 0 ? 0 : 1)
}

if arguments.count == 5, arguments[2] == "share", let writer = Int(arguments[3]), let count = Int(arguments[4]) {
    try share(directory: arguments[1], writer: writer, count: count)
}

guard arguments.count == 4, let firstGeneration = Int(arguments[2]), let firstIndex = Int(arguments[3]) else {
    FileHandle.standardError.write(
        Data(
            "usage: DataCacheCrashWriter <directory> <generation> <first index> | <directory> share <0|1> <count>\n"
                .utf8
        )
    )
    exit(2)
}
let cache = try DataCache(path: URL(fileURLWithPath: arguments[1], isDirectory: true))
cache.flushDelay = .milliseconds(1)
FileHandle.standardOutput.write(Data("ready\n".utf8))

var generation = firstGeneration
while true {
    for step in 0..<1000 {
        let index = (firstIndex + step) % 1000
        cache.storeData(CrashTestContent.make(index: index, generation: generation), for: CrashTestContent.key(index))
        if step % 50 == 0 { cache.removeData(for: CrashTestContent.key((index * 7 + generation) % 1000)) }
        if step % 10 == 0 { cache.flush() }
    }
    generation += 1
}
