// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A Core Image filter parameter: a number or a vector (colours, positions, matrix rows).
public enum FilterValue: Hashable, Sendable, CustomStringConvertible, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    /// A scalar, such as `inputIntensity`.
    case number(Double)
    /// A vector, such as `inputColor` (r, g, b, a) or `inputCenter` (x, y).
    case vector([Double])

    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }

    /// A number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }

    /// Parses `0.8` or a vector written `0.6,0.45,0.3` or `[0.6 0.45 0.3]`; `nil` if malformed
    /// or if a number is beyond `Float`'s range (filters compute in `Float`).
    public init?(parsing text: String) {
        let trimmed = text.filter { $0 != "[" && $0 != "]" }
        let parts = trimmed.split(whereSeparator: { $0 == "," || $0 == " " }).map { Double($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0.map { Float($0).isFinite } == true }) else { return nil }
        let values = parts.compactMap { $0 }
        self = values.count == 1 && !text.contains(",") && !text.contains("[") ? .number(values[0]) : .vector(values)
    }

    /// `0.8` or `[0.6 0.45 0.3]`, as Core Image prints vectors.
    public var description: String {
        switch self {
        case .number(let value): "\(value)"
        case .vector(let values): "[" + values.map { "\($0)" }.joined(separator: " ") + "]"
        }
    }

    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    var vector: [Double]? {
        switch self {
        case .vector(let values): values
        case .number(let value): [value]
        }
    }
}
