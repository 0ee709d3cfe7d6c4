// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Configuration
import Foundation
import SystemPackage

/// Reads ``ServerSetting``s through swift-configuration, first from the flags, then the
/// environment (`NUKE_SERVER_…`), then the `--environment-file`, then imgproxy's variables
/// (``ImgproxyVariable``) in the environment, then in the file, else the default — imgproxy's
/// under `--imgproxy-defaults` where it differs, else the table's; a value that is not of its
/// setting's kind is an error naming where it came from.
struct SettingsReader: Sendable {
    /// Where values come from, first first.
    private var sources: [(origin: Origin, reader: ConfigReader)]

    /// Lines for the log: imgproxy variables that set nothing here, or set it without effect.
    private(set) var warnings: [String] = []
    /// Whether defaults are imgproxy's where they differ (`--imgproxy-defaults`).
    private var usesImgproxyDefaults = false
    /// For each `NUKE_SERVER_…` variable made from an imgproxy one, that one's name and text, by
    /// where it was given (`nil`: the environment; else the file's path).
    private var imgproxySources: [String?: [String: (name: String, text: String)]] = [:]

    /// Where a value was given, for messages.
    enum Origin: Sendable {
        case flag
        case environment
        case file(String)
        /// An imgproxy variable in the environment (`nil`) or in the file at the path.
        case imgproxy(file: String?)
    }

    /// Reads `flags`, then `environment`, then the environment file the flags or the environment
    /// name.
    init(flags: [ServerSetting: [String]], environment: [String: String]) async throws(SettingsError) {
        let secrets = Set(ServerSetting.all.filter(\.isSecret).map(\.environmentVariable))
        var sources: [(Origin, ConfigReader)] = [
            (.flag, ConfigReader(provider: ServerArguments.provider(flags))),
            (
                .environment,
                ConfigReader(
                    provider: EnvironmentVariablesProvider(
                        environmentVariables: environment,
                        secretsSpecifier: .specific(secrets)
                    )
                )
            ),
        ]
        self.sources = sources
        var imgproxyEnvironments: [(file: String?, variables: [String: String])] = [(nil, environment)]
        if let path = self.text(.environmentFile) {
            do {
                let file = try await EnvironmentVariablesProvider(
                    environmentFilePath: FilePath(path),
                    secretsSpecifier: .specific(secrets)
                )
                sources.append((.file(path), ConfigReader(provider: file)))
                imgproxyEnvironments.append((path, try Self.imgproxyVariables(in: file, at: path)))
            } catch {
                throw SettingsError("--environment-file \(path) cannot be read: \(error)")
            }
            self.sources = sources
        }
        for (file, variables) in imgproxyEnvironments {
            let imgproxy = try ImgproxyVariable.translate(variables, file: file)
            let provider = EnvironmentVariablesProvider(
                environmentVariables: imgproxy.variables,
                secretsSpecifier: .specific(secrets)
            )
            sources.append((.imgproxy(file: file), ConfigReader(provider: provider)))
            warnings += imgproxy.warnings
            imgproxySources[file] = imgproxy.sources
        }
        self.sources = sources
        usesImgproxyDefaults = isOn(.imgproxyDefaults)
    }

    /// The `IMGPROXY_…` variables of an environment file, read by swift-configuration's parser;
    /// only their names are found here, as the names before `=` of its lines.
    private static func imgproxyVariables(
        in file: EnvironmentVariablesProvider,
        at path: String
    ) throws -> [String: String] {
        let names = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
            line.split(separator: "=", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces)
        }
        var variables: [String: String] = [:]
        for name in names where name.hasPrefix("IMGPROXY_") {
            variables[name] = try file.environmentValue(forName: name)
        }
        return variables
    }

    /// The setting's text, or its default; `nil` when neither.
    func text(_ setting: ServerSetting) -> String? {
        given(setting)?.value ?? fallback(setting)?.value
    }

    /// The value a setting not given takes, and in words where it comes from: imgproxy's default
    /// under `--imgproxy-defaults` where it differs, else the table's.
    private func fallback(_ setting: ServerSetting) -> (value: String, origin: String)? {
        if usesImgproxyDefaults, let value = setting.imgproxyDefault { return (value, "imgproxy's default") }
        return setting.defaultValue.map { ($0, "default") }
    }

    /// The text of a setting whose table entry has a default.
    func text(defaulted setting: ServerSetting) -> String {
        guard let text = text(setting) else {
            preconditionFailure("\(setting.flag) has no default in the settings table")
        }
        return text
    }

    /// Whether the toggle is on: given as a flag, or `1`, `true` or `yes` in the environment or
    /// the file.
    func isOn(_ setting: ServerSetting) -> Bool {
        givenToggle(setting)?.isOn ?? (fallback(setting)?.value == "1")
    }

    /// Whether the first source that sets a toggle turns it on, and which source that is.
    private func givenToggle(_ setting: ServerSetting) -> (isOn: Bool, origin: Origin)? {
        for (origin, reader) in sources {
            if case .flag = origin {
                if reader.bool(forKey: setting.configKey) == true { return (true, origin) }
            } else if let text = reader.string(forKey: setting.configKey, isSecret: setting.isSecret) {
                return (["1", "true", "yes"].contains(text.lowercased()), origin)
            }
        }
        return nil
    }

    /// The list's values, each trimmed: from the first source that gives any.
    func list(_ setting: ServerSetting) -> [String] {
        for (_, reader) in sources {
            if let values = reader.stringArray(forKey: setting.configKey, isSecret: setting.isSecret) {
                return values.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
        }
        return fallback(setting)?.value.split(separator: ",").map(String.init) ?? []
    }

    /// The setting's number, or its default; `nil` when neither.
    ///
    /// - Throws: ``SettingsError`` naming the flag, variable or file when the text is not a number.
    func number<Number: LosslessStringConvertible>(_ setting: ServerSetting, as _: Number.Type = Int.self)
        throws(SettingsError) -> Number?
    {
        guard let (text, origin) = given(setting) else { return fallback(setting).flatMap { Number($0.value) } }
        guard let number = Number(text) else {
            throw SettingsError("\(spelling(of: setting, text: text, from: origin)) is not a number")
        }
        return number
    }

    /// Where `setting`'s value comes from, in words (`--port`, `NUKE_SERVER_PORT`, `IMGPROXY_BIND`,
    /// the default), and its text, or `nil` when it has neither a value nor a default; for
    /// `--print-settings`. A secret's text is never given.
    func describe(_ setting: ServerSetting) -> (text: String, origin: String)? {
        let onOff = { (isOn: Bool) in isOn ? "on" : "off" }
        let given =
            setting.kind == .toggle ? givenToggle(setting).map { (onOff($0.isOn), $0.origin) } : given(setting)
        guard let (text, origin) = given else {
            return fallback(setting).map { setting.kind == .toggle ? (onOff($0.value == "1"), $0.origin) : $0 }
        }
        let shown = setting.isSecret ? "(secret)" : text
        let place =
            switch origin {
            case .flag: setting.flag
            case .environment: setting.environmentVariable
            case .file(let path): "\(setting.environmentVariable) in \(path)"
            case .imgproxy(let file):
                (imgproxySources[file]?[setting.environmentVariable]?.name ?? "imgproxy")
                    + (file.map { " in \($0)" } ?? "")
            }
        return (shown, place)
    }

    /// How a value was written where it was given, for messages.
    private func spelling(of setting: ServerSetting, text: String, from origin: Origin) -> String {
        switch origin {
        case .flag: "\(setting.flag) '\(text)'"
        case .environment: "\(setting.environmentVariable)='\(text)'"
        case .file(let path): "\(setting.environmentVariable)='\(text)' in \(path)"
        case .imgproxy(let file):
            (imgproxySources[file]?[setting.environmentVariable].map { "\($0.name)='\($0.text)'" }
                ?? "\(setting.environmentVariable)='\(text)'") + (file.map { " in \($0)" } ?? "")
        }
    }

    /// The number of a setting whose table entry has a default (checked by `ServerSettingTests`).
    func number<Number: LosslessStringConvertible>(defaulted setting: ServerSetting, as _: Number.Type = Int.self)
        throws(SettingsError) -> Number
    {
        guard let number = try number(setting, as: Number.self) else {
            preconditionFailure("\(setting.flag) has no default in the settings table")
        }
        return number
    }

    /// The first text given for `setting`, and where.
    private func given(_ setting: ServerSetting) -> (value: String, origin: Origin)? {
        for (origin, reader) in sources {
            if let value = reader.string(forKey: setting.configKey, isSecret: setting.isSecret) {
                return (value, origin)
            }
        }
        return nil
    }
}
