// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The named parameters of a processor written as text, such as `radius:8` in `gaussianBlur(radius:8)`.
///
/// Factories read them with the typed accessors, which throw a ``ProcessorSpecError`` naming the
/// parameter when a value does not parse.
public struct ProcessorParameters: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// The parameters in the order written.
    public private(set) var entries: [(name: String, value: String)] = []

    /// Creates empty parameters.
    public init() {}

    /// Creates parameters from literal pairs.
    public init(dictionaryLiteral elements: (String, String)...) {
        entries = elements.map { (name: $0.0, value: $0.1) }
    }

    /// Creates parameters from pairs.
    public init(_ entries: [(name: String, value: String)]) {
        self.entries = entries
    }

    /// The raw text of a parameter, or `nil`.
    public subscript(name: String) -> String? {
        entries.last { $0.name == name }?.value
    }

    /// The parameter names, in the order written.
    public var names: [String] { entries.map(\.name) }

    /// Throws if any parameter is not in `allowed`; the error lists the allowed names.
    public func validate(allowed: [String], processor: String) throws(ProcessorSpecError) {
        if let unknown = entries.first(where: { !allowed.contains($0.name) }) {
            throw ProcessorSpecError(
                spec: processor,
                offset: 0,
                reason: .unknownParameter(processor: processor, name: unknown.name, available: allowed)
            )
        }
    }

    /// The parameter as a number, `nil` if absent.
    public func double(_ name: String) throws(ProcessorSpecError) -> Double? {
        try value(name, as: "a number") { Double($0).flatMap { $0.isFinite ? $0 : nil } }
    }

    /// The parameter as an integer, `nil` if absent.
    public func int(_ name: String) throws(ProcessorSpecError) -> Int? {
        try value(name, as: "an integer") { Int($0) }
    }

    /// The parameter as a Boolean (`true`/`false`), `nil` if absent.
    public func bool(_ name: String) throws(ProcessorSpecError) -> Bool? {
        try value(name, as: "true or false") { ["true": true, "false": false][$0.lowercased()] }
    }

    /// The parameter's text, `nil` if absent.
    public func string(_ name: String) -> String? {
        self[name]
    }

    private func value<T>(_ name: String, as kind: String, _ parse: (String) -> T?) throws(ProcessorSpecError) -> T? {
        guard let text = self[name] else { return nil }
        guard let value = parse(text) else {
            throw ProcessorSpecError(
                spec: text,
                offset: 0,
                reason: .invalidValue(name: name, value: text, expected: kind)
            )
        }
        return value
    }

    /// Parameters are equal when they have the same entries in the same order.
    public static func == (lhs: ProcessorParameters, rhs: ProcessorParameters) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes every entry in order.
    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.name)
            hasher.combine(entry.value)
        }
    }
}

/// A processor spec that could not be turned into processors, with the place it went wrong.
public struct ProcessorSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text that was parsed.
    public let spec: String
    /// The offset, in characters, of the offending part.
    public let offset: Int
    /// What went wrong.
    public let reason: Reason

    /// Creates an error.
    public init(spec: String, offset: Int, reason: Reason) {
        self.spec = spec
        self.offset = offset
        self.reason = reason
    }

    /// What went wrong in a processor spec.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The text does not follow the grammar; `expected` says what should have come.
        case syntax(expected: String)
        /// No processor is registered under the name.
        case unknownProcessor(name: String, available: [String])
        /// The processor has no parameter of that name.
        case unknownParameter(processor: String, name: String, available: [String])
        /// A parameter's value does not parse.
        case invalidValue(name: String, value: String, expected: String)
        /// The processor's factory rejected its parameters.
        case invalidProcessor(name: String, error: String)

        /// A sentence describing the problem.
        public var description: String {
            switch self {
            case .syntax(let expected):
                "expected \(expected)"
            case let .unknownProcessor(name, available):
                "unknown processor '\(name)'; available: \(available.isEmpty ? "none" : available.joined(separator: ", "))"
            case let .unknownParameter(processor, name, available):
                "'\(processor)' has no parameter '\(name)'; valid: \(available.joined(separator: ", "))"
            case let .invalidValue(name, value, expected):
                "parameter '\(name)' has value '\(value)', expected \(expected)"
            case let .invalidProcessor(name, error):
                "'\(name)': \(error)"
            }
        }
    }

    /// The reason, followed by the spec with a caret under the offending character.
    public var description: String {
        "Invalid processor spec at offset \(offset): \(reason)\n  \(spec)\n  \(String(repeating: " ", count: offset))^"
    }
}
