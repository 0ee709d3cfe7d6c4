// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeServer

@Suite("The settings table, the command line and where values come from")
struct ServerSettingTests {
    @Test("Each setting has its own flag and variable, and every default reads as its kind")
    func table() {
        let all = ServerSetting.all
        #expect(Set(all.map(\.flag)).count == all.count)
        #expect(Set(all.map(\.environmentVariable)).count == all.count)
        #expect(ServerSetting.maxSourceBytes.environmentVariable == "NUKE_SERVER_MAX_SOURCE_BYTES")
        #expect(ServerSetting.maxSourceBytes.configKey.components == ["nukeServer", "maxSourceBytes"])
        for setting in all {
            guard let value = setting.defaultValue else { continue }
            switch setting.kind {
            case .integer: #expect(Int(value) != nil, "\(setting.flag)")
            case .decimal: #expect(Double(value) != nil, "\(setting.flag)")
            case .toggle, .list: Issue.record("\(setting.flag): a \(setting.kind) has no default")
            case .text: #expect(!value.isEmpty, "\(setting.flag)")
            }
        }
        let help = ServeCommand.help(width: 80)
        for setting in all { #expect(help.contains(setting.flag) && help.contains(setting.environmentVariable)) }
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 || !$0.contains(" ") })
    }

    @Test("The command line: values inline or next, toggles bare, lists repeated, anything else refused")
    func arguments() throws {
        let parsed = try ServerArguments.parse([
            "--port=0", "--allow-unsigned", "--preset", "a=w:10", "--preset", "b=h:20", "--max-redirects", "-1",
        ])
        #expect(
            parsed
                == .serve([
                    .port: ["0"], .allowUnsigned: [], .preset: ["a=w:10", "b=h:20"], .maxRedirects: ["-1"],
                ])
        )
        #expect(try ServerArguments.parse(["--port", "1", "-h"]) == .help)
        for (arguments, message) in [
            (["--nope"], "Unknown option '--nope'"),
            (["--port"], "Missing value for '--port <port>'"),
            (["--port", "--bind", "::1"], "Missing value for '--port <port>'"),
            (["--allow-unsigned=yes"], "--allow-unsigned takes no value"),
            (["--bind", "a", "--bind", "b"], "--bind is given more than once"),
            (["serve"], "Unexpected argument 'serve'"),
        ] {
            #expect(throws: SettingsError(message)) { try ServerArguments.parse(arguments) }
        }
    }

    @Test("Flags, then the environment, then the file, then the table's default; errors say where")
    func precedence() async throws {
        let directory = try TemporaryDirectory(prefix: "settings")
        let file = directory.appending("server.env")
        try Data(
            """
            NUKE_SERVER_PORT=7000
            NUKE_SERVER_BIND=10.0.0.1
            NUKE_SERVER_ALLOWED_PROCESSORS=resize, blur
            NUKE_SERVER_ONLY_PRESETS=yes
            NUKE_SERVER_MAX_CHAIN_LENGTH=many
            """.utf8
        ).write(to: file)
        let reader = try await SettingsReader(
            flags: [.port: ["9000"], .environmentFile: [file.path]],
            environment: ["NUKE_SERVER_BIND": "::1", "NUKE_SERVER_AVIF_NEGOTIATION": "0"]
        )
        #expect(try reader.number(defaulted: .port) == 9000)
        #expect(reader.text(defaulted: .bind) == "::1")
        #expect(reader.list(.allowedProcessors) == ["resize", "blur"])
        #expect(reader.isOn(.onlyPresets) && !reader.isOn(.avifNegotiation) && !reader.isOn(.allowUnsigned))
        #expect(try reader.number(defaulted: .downloadTimeout, as: Double.self) == 20)
        #expect(reader.text(.localRoot) == nil)
        #expect(throws: SettingsError("NUKE_SERVER_MAX_CHAIN_LENGTH='many' in \(file.path) is not a number")) {
            try reader.number(defaulted: .maxChainLength)
        }
    }
}
