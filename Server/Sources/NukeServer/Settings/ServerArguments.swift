// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Configuration

/// nuke-server's command line read against ``ServerSetting/all``: every flag must be a setting,
/// a toggle takes no value and every other setting one (`--name value` or `--name=value`); a list
/// may be repeated. Errors are usage errors (exit 64).
enum ServerArguments {
    /// What the command line asks for.
    enum Request: Equatable {
        /// Serve with these flags (each setting's values in the order given).
        case serve([ServerSetting: [String]])
        /// Print the help.
        case help
        /// Print the version.
        case version
        /// Print every setting as a commented `NAME=default` line, for an environment file.
        case environmentTemplate
        /// Print the effective settings, each with where it came from, then exit.
        case printSettings([ServerSetting: [String]])
        /// Ask the server these settings describe whether it is healthy (`nuke-server health`).
        case health([ServerSetting: [String]])
    }

    /// Reads `arguments` (without the program's name): settings, or `health` and settings.
    static func parse(_ arguments: [String]) throws(SettingsError) -> Request {
        let isHealth = arguments.first == "health"
        let arguments = isHealth ? Array(arguments.dropFirst()) : arguments
        var values: [ServerSetting: [String]] = [:]
        var printsSettings = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { return .help }
            if argument == "--version" { return .version }
            if argument == "--environment-template" { return .environmentTemplate }
            if argument == "--print-settings" {
                printsSettings = true
                continue
            }
            guard argument.hasPrefix("--") else { throw SettingsError("Unexpected argument '\(argument)'") }
            let (flag, inline) = split(argument)
            guard let setting = ServerSetting.named(flag: flag) else {
                throw SettingsError("Unknown option '\(flag)'")
            }
            if setting.kind == .toggle {
                guard inline == nil else { throw SettingsError("\(flag) takes no value") }
                values[setting] = []
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw SettingsError("Missing value for '\(flag) <\(setting.name)>'")
                }
                value = arguments[index]
                index += 1
            }
            if setting.kind != .list, values[setting] != nil {
                throw SettingsError("\(flag) is given more than once")
            }
            values[setting, default: []].append(value)
        }
        if isHealth {
            guard !printsSettings else { throw SettingsError("health does not take --print-settings") }
            return .health(values)
        }
        return printsSettings ? .printSettings(values) : .serve(values)
    }

    /// The flags as a configuration provider: a toggle as `true`, a list as its values (each
    /// split at commas, as the environment's are), anything else as its text.
    static func provider(_ values: [ServerSetting: [String]]) -> InMemoryProvider {
        var contents: [AbsoluteConfigKey: ConfigValue] = [:]
        for (setting, given) in values {
            let content: ConfigContent =
                switch setting.kind {
                case .toggle: .bool(true)
                case .list: .stringArray(given.flatMap { $0.split(separator: ",").map(String.init) })
                case .text, .integer, .decimal: .string(given[0])
                }
            contents[AbsoluteConfigKey(setting.configKey.components)] = ConfigValue(content, isSecret: setting.isSecret)
        }
        return InMemoryProvider(name: "flags", values: contents)
    }

    private static func split(_ argument: String) -> (flag: String, value: String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// A setting that cannot be used as given: one line for the operator, exit status 64.
struct SettingsError: Error, Equatable, CustomStringConvertible {
    /// The line.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
