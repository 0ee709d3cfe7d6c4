// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import ArgumentParser
import Foundation

/// A setting given as a flag or, when the flag is absent, as an environment variable
/// (`NUKE_SERVER_` and the flag's name in capitals with `_` for `-`).
struct Environment: Sendable {
    let variables: [String: String]

    init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    /// The flag's value, else the variable's, else `fallback`.
    func value(_ flag: String?, _ name: String, default fallback: String) -> String {
        flag ?? variables[variable(name)] ?? fallback
    }

    /// The flag's value, else the variable's, else `nil`.
    func value(_ flag: String?, _ name: String) -> String? {
        flag ?? variables[variable(name)]
    }

    /// The flag's values, else the variable's comma-separated values.
    func values(_ flags: [String], _ name: String, separator: Character = ",") -> [String] {
        guard flags.isEmpty else { return flags }
        return (variables[variable(name)] ?? "").split(separator: separator).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    /// A switch: set by the flag, or by the variable being `1`, `true` or `yes`.
    func isOn(_ flag: Bool, _ name: String) -> Bool {
        flag || ["1", "true", "yes"].contains(variables[variable(name)]?.lowercased() ?? "")
    }

    /// A number from the flag or the variable, else `fallback`.
    func number<T: LosslessStringConvertible>(_ flag: T?, _ name: String, default fallback: T) throws -> T {
        if let flag { return flag }
        guard let text = variables[variable(name)] else { return fallback }
        guard let value = T(text) else { throw ValidationError("\(variable(name))='\(text)' is not a number") }
        return value
    }

    /// `NUKE_SERVER_MAX_SOURCE_BYTES` for `max-source-bytes`.
    func variable(_ name: String) -> String {
        "NUKE_SERVER_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
    }
}
