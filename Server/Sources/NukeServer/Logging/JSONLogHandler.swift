// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// Writes each log event to stderr as one line of JSON: `time` (UTC, milliseconds), `level`,
/// `message`, `logger` (the label), then the metadata's keys in order. Numbers and booleans
/// given as metadata (`.stringConvertible(200)`) are written as JSON numbers and booleans, every
/// other value as a string, nested lists and dictionaries as JSON. A line is one `write`, so lines
/// from many threads never interleave.
struct JSONLogHandler: LogHandler {
    /// The logger's label.
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.metadataProvider = metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields = metadata
        if let provided = metadataProvider?.get() { fields.merge(provided) { $1 } }
        if let explicit = event.metadata { fields.merge(explicit) { $1 } }
        if let error = event.error { fields["error"] = "\(error)" }
        let text = Self.line(
            time: Self.now(),
            level: event.level,
            message: event.message.description,
            label: label,
            fields: fields
        )
        Self.write(text)
    }

    /// The line for one event, ending in a newline.
    static func line(
        time: String,
        level: Logger.Level,
        message: String,
        label: String,
        fields: Logger.Metadata
    ) -> String {
        var text = "{\"time\":\(quoted(time)),\"level\":\(quoted(level.rawValue)),\"message\":\(quoted(message))"
        text += ",\"logger\":\(quoted(label))"
        for key in fields.keys.sorted() where !["time", "level", "message", "logger"].contains(key) {
            text += ",\(quoted(key)):\(json(fields[key]!))"
        }
        return text + "}\n"
    }

    private static func json(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text):
            return quoted(text)
        case .stringConvertible(let value):
            switch value {
            case let number as any BinaryInteger: return "\(number)"
            case let number as Double where number.isFinite: return "\(number)"
            case let flag as Bool: return flag ? "true" : "false"
            default: return quoted(value.description)
            }
        case .array(let values):
            return "[" + values.map(json).joined(separator: ",") + "]"
        case .dictionary(let values):
            return "{" + values.keys.sorted().map { "\(quoted($0)):\(json(values[$0]!))" }.joined(separator: ",") + "}"
        }
    }

    /// `text` as a JSON string (RFC 8259: quotes, backslashes and control characters escaped).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Now in UTC as `2026-11-29T18:30:55.123Z`.
    private static func now() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var parts = tm()
        var seconds = time.tv_sec
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let milliseconds = Int(time.tv_nsec / 1_000_000)
        let fraction = String(repeating: "0", count: 3 - String(milliseconds).count) + String(milliseconds)
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
            + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
    }

    /// Writes `text` to stderr in one call (again for what a short write left).
    private static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
