// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Logging
import Synchronization

/// Keeps every message logged through its ``logger``, in order, so that tests can see why a
/// request was answered as it was.
final class LogRecorder: Sendable {
    private let list = Mutex<[String]>([])

    /// The messages so far.
    var messages: [String] { list.withLock { $0 } }

    /// A logger whose messages this recorder keeps.
    var logger: Logger {
        Logger(label: "test") { [self] _ in Handler(recorder: self) }
    }

    private func record(_ message: String) {
        list.withLock { $0.append(message) }
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
            recorder.record("\(event.message)")
        }
    }
}
