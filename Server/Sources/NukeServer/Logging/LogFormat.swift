// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Logging

/// How nuke-server writes its log lines to stderr (`--log-format`).
enum LogFormat: String, Sendable {
    /// swift-log's lines for people: time, level, label, metadata, message.
    case text
    /// One JSON object a line, for log pipelines (``JSONLogHandler``).
    case json

    /// A logger labelled `label` writing in this format at `level` and above.
    func logger(label: String, level: Logger.Level) -> Logger {
        var logger =
            switch self {
            case .text: Logger(label: label, factory: StreamLogHandler.standardError(label:))
            case .json: Logger(label: label) { JSONLogHandler(label: $0) }
            }
        logger.logLevel = level
        return logger
    }
}
