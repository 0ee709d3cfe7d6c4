// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// HTTP header fields with case-insensitive names, in insertion order.
///
/// Setting a field replaces any field whose name differs only in case.
public struct HTTPHeaderFields: Hashable, Sendable, ExpressibleByDictionaryLiteral, Sequence {
    /// The fields as name–value pairs, names as first given.
    public private(set) var fields: [(name: String, value: String)] = []

    /// Creates an empty set of fields.
    public init() {}

    /// Creates fields from literal pairs.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    /// Creates fields from a dictionary.
    public init(_ dictionary: [String: String]) {
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) { self[name] = value }
    }

    /// The value of the field named `name` (any case), or `nil`; assigning `nil` removes it.
    public subscript(name: String) -> String? {
        get {
            fields.first { $0.name.caseInsensitiveEquals(name) }?.value
        }
        set {
            if let index = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) {
                if let newValue {
                    fields[index] = (name, newValue)
                } else {
                    fields.remove(at: index)
                }
            } else if let newValue {
                fields.append((name, newValue))
            }
        }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// `true` when there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates the fields in insertion order.
    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        fields.makeIterator()
    }

    /// Fields are equal when they have the same names (ignoring case) and values, in any order.
    public static func == (lhs: HTTPHeaderFields, rhs: HTTPHeaderFields) -> Bool {
        lhs.count == rhs.count && lhs.fields.allSatisfy { rhs[$0.name] == $0.value }
    }

    /// Hashes names (lower-cased) and values independent of order.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for field in fields {
            var fieldHasher = Hasher()
            fieldHasher.combine(field.name.lowercased())
            fieldHasher.combine(field.value)
            combined ^= fieldHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}
