// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Logging
import NukeTestSupport
import Synchronization

/// Keeps every message logged through its ``logger``, in order, with the name of the thread it
/// was logged on, so that tests can see why a request was answered as it was, and where.
package final class LogRecorder: Sendable {
    private let entries = Mutex<[Entry]>([])

    /// A recorder with nothing recorded.
    package init() {}

    /// One message as logged.
    package struct Entry {
        package var level: Logger.Level
        package var message: String
        package var metadata: Logger.Metadata
        package var thread: String
    }

    /// The messages so far.
    package var messages: [String] { entries.withLock { $0.map(\.message) } }

    /// Everything logged so far.
    package var logged: [Entry] { entries.withLock { $0 } }

    /// The names of the threads each message was logged on.
    package var threadNames: [String] { entries.withLock { $0.map(\.thread) } }

    /// A logger whose messages this recorder keeps.
    package var logger: Logger {
        Logger(label: "test") { [self] _ in Handler(recorder: self) }
    }

    private func record(_ event: LogEvent, metadata: Logger.Metadata) {
        let entry = Entry(
            level: event.level,
            message: "\(event.message)",
            metadata: metadata.merging(event.metadata ?? [:]) { $1 },
            thread: currentThreadName()
        )
        entries.withLock { $0.append(entry) }
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            recorder.record(event, metadata: metadata)
        }
    }
}
