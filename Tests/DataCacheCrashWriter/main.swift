// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// Writes disk-cache entries of known content until it is killed: the child process of
// NukeCoreTests' crash test. Usage: DataCacheCrashWriter <directory> <generation> <first index>

import Foundation
import NukeCore
import NukeTestSupport

let arguments = CommandLine.arguments
guard arguments.count == 4, let firstGeneration = Int(arguments[2]), let firstIndex = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: DataCacheCrashWriter <directory> <generation> <first index>\n".utf8))
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
