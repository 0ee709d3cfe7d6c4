// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Configuration
import Foundation
import SystemPackage

/// Reads ``ServerSetting``s through swift-configuration, first from the flags, then the
/// environment (`NUKE_SERVER_…`), then the `--environment-file`, then imgproxy's variables in the
/// environment (``ImgproxyVariable``), else the table's default; a value that is not of its
/// setting's kind is an error naming where it came from.
struct SettingsReader: Sendable {
    /// Where values come from, first first.
    private var sources: [(origin: Origin, reader: ConfigReader)]

    /// Lines for the log: imgproxy variables that set nothing here, or set it without effect.
    private(set) var warnings: [String] = []
    /// For each `NUKE_SERVER_…` variable made from an imgproxy one, that one's name and text.
    private var imgproxySources: [String: (name: String, text: String)] = [:]

    /// Where a value was given, for messages.
    enum Origin: Sendable {
        case flag
        case environment
        case file(String)
        case imgproxy
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
        if let path = self.text(.environmentFile) {
            do {
                let file = try await EnvironmentVariablesProvider(
                    environmentFilePath: FilePath(path),
                    secretsSpecifier: .specific(secrets)
                )
                sources.append((.file(path), ConfigReader(provider: file)))
            } catch {
                throw SettingsError("--environment-file \(path) cannot be read: \(error)")
            }
            self.sources = sources
        }
        let imgproxy = try ImgproxyVariable.translate(environment)
        sources.append(
            (
                .imgproxy,
                ConfigReader(
                    provider: EnvironmentVariablesProvider(
                        environmentVariables: imgproxy.variables,
                        secretsSpecifier: .specific(secrets)
                    )
                )
            )
        )
        self.sources = sources
        warnings = imgproxy.warnings
        imgproxySources = imgproxy.sources
    }

    /// The setting's text, or its default; `nil` when neither.
    func text(_ setting: ServerSetting) -> String? {
        given(setting)?.value ?? setting.defaultValue
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
        for (origin, reader) in sources {
            if case .flag = origin {
                if reader.bool(forKey: setting.configKey) == true { return true }
            } else if let text = reader.string(forKey: setting.configKey, isSecret: setting.isSecret) {
                return ["1", "true", "yes"].contains(text.lowercased())
            }
        }
        return false
    }

    /// The list's values, each trimmed: from the first source that gives any.
    func list(_ setting: ServerSetting) -> [String] {
        for (_, reader) in sources {
            if let values = reader.stringArray(forKey: setting.configKey, isSecret: setting.isSecret) {
                return values.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
        }
        return []
    }

    /// The setting's number, or its default; `nil` when neither.
    ///
    /// - Throws: ``SettingsError`` naming the flag, variable or file when the text is not a number.
    func number<Number: LosslessStringConvertible>(_ setting: ServerSetting, as _: Number.Type = Int.self)
        throws(SettingsError) -> Number?
    {
        guard let (text, origin) = given(setting) else { return setting.defaultValue.flatMap(Number.init) }
        guard let number = Number(text) else {
            throw SettingsError("\(spelling(of: setting, text: text, from: origin)) is not a number")
        }
        return number
    }

    /// Where `setting`'s value comes from, in words (`--port`, `NUKE_SERVER_PORT`, `IMGPROXY_BIND`,
    /// the default), and its text, or `nil` when it has neither a value nor a default; for
    /// `--print-settings`. A secret's text is never given.
    func describe(_ setting: ServerSetting) -> (text: String, origin: String)? {
        guard let (text, origin) = given(setting) else {
            return setting.defaultValue.map { ($0, "default") }
        }
        let shown = setting.isSecret ? "(secret)" : setting.kind == .toggle ? (isOn(setting) ? "on" : "off") : text
        let place =
            switch origin {
            case .flag: setting.flag
            case .environment: setting.environmentVariable
            case .file(let path): "\(setting.environmentVariable) in \(path)"
            case .imgproxy: imgproxySources[setting.environmentVariable]?.name ?? "imgproxy"
            }
        return (shown, place)
    }

    /// How a value was written where it was given, for messages.
    private func spelling(of setting: ServerSetting, text: String, from origin: Origin) -> String {
        switch origin {
        case .flag: "\(setting.flag) '\(text)'"
        case .environment: "\(setting.environmentVariable)='\(text)'"
        case .file(let path): "\(setting.environmentVariable)='\(text)' in \(path)"
        case .imgproxy:
            imgproxySources[setting.environmentVariable].map { "\($0.name)='\($0.text)'" }
                ?? "\(setting.environmentVariable)='\(text)'"
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
