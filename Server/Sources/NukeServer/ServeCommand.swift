// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Logging
import Nuke
import NukeHummingbird

/// `nuke-server`: the image proxy. Its settings are the table in ``ServerSetting/all``, read as
/// flags, `NUKE_SERVER_…` environment variables and an optional environment file.
@main
enum ServeCommand {
    static let abstract = "An image proxy: fetches, processes, caches and serves images named by signed URLs."

    static let discussion = """
        URLs are imgproxy's: /<signature>/<options>/plain/<source URL>[@<extension>], with signatures made \
        by HMAC-SHA256 over salt and path. Every option can also be set by an environment variable: \
        NUKE_SERVER_ and the option's name in capitals with _ for - (lists comma-separated), or in the \
        file --environment-file names; a flag wins over the environment, the environment over the file. \
        imgproxy's IMGPROXY_ variables are read too, with imgproxy's meaning, after all of those; one it \
        does not support is logged at start.
        """

    /// Reads the settings and serves; a usage error is one line on stderr and status 64
    /// (`EX_USAGE`), a failure at run time status 1.
    static func main() async {
        do {
            switch try ServerArguments.parse(Array(CommandLine.arguments.dropFirst())) {
            case .help:
                print(help(width: 80))
            case .version:
                print("nuke-server \(NukeForLinux.version) (Nuke for Linux)")
            case .environmentTemplate:
                print(environmentTemplate())
            case .printSettings(let flags):
                let reader = try await SettingsReader(flags: flags, environment: ProcessInfo.processInfo.environment)
                _ = try ServerSettings(reading: reader)
                print(settingsReport(reader))
            case .serve(let flags):
                // Before the settings, whose default connection limit follows the descriptor limit.
                ConnectionLimits.raiseDescriptorLimit()
                let reader = try await SettingsReader(flags: flags, environment: ProcessInfo.processInfo.environment)
                let settings = try ServerSettings(reading: reader)
                try TelemetryExport.checkProtocols(in: ProcessInfo.processInfo.environment)
                let logger = settings.logFormat.logger(label: "nuke-server", level: settings.logLevel)
                for warning in reader.warnings { logger.warning("\(warning)") }
                do {
                    try await ProxyServer(settings: settings, logger: logger).run()
                } catch {
                    fail("\(error)", status: 1)
                }
            case .health(let flags):
                let reader = try await SettingsReader(flags: flags, environment: ProcessInfo.processInfo.environment)
                // Only where the server listens: the rest (a key, say) may be given to the server alone.
                let address = try ServerSettings.address(reading: reader)
                let path = try ServerSettings.pathPrefix(reading: reader) + "/health"
                let answer = await HealthProbe.ask(address.reachable, path: path)
                print(answer.line)
                exit(answer.isHealthy ? 0 : 1)
            }
        } catch {
            fail(error.description, status: 64)
        }
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        let line = message.split(separator: "\n").first.map(String.init) ?? message
        FileHandle.standardError.write(Data(("nuke-server: " + line + "\n").utf8))
        exit(status)
    }

    /// The `--help` text: what the server is, then every setting of the table with its kind,
    /// default and environment variable, wrapped to `width` columns.
    static func help(width: Int) -> String {
        var lines = wrap("OVERVIEW: " + abstract, width: width, indent: "") + [""]
        lines += wrap(discussion, width: width, indent: "")
        lines += ["", "USAGE: nuke-server [--<setting> <value>] [--<toggle>] …"]
        lines += ["       nuke-server health [--<setting> <value>] …", ""]
        lines += wrap(
            "health asks the server at --bind and --port (loopback for every address) for <--path-prefix>/health: "
                + "one line, exit 0 when it answers 200, 1 otherwise (for container HEALTHCHECKs and probes).",
            width: width,
            indent: ""
        )
        lines += ["", "OPTIONS:"]
        for setting in ServerSetting.all {
            let usage = setting.kind == .toggle ? setting.flag : "\(setting.flag) <\(setting.name)>"
            var text = setting.help
            if let value = setting.defaultValue {
                text = (text.hasSuffix(".") ? String(text.dropLast()) : text) + " (default \(value))."
            }
            if let value = setting.imgproxyDefault {
                text += " With --imgproxy-defaults: \(setting.kind == .toggle ? "on" : value)."
            }
            text += " [env \(setting.environmentVariable)]"
            lines.append("  " + usage)
            lines += wrap(text, width: width, indent: "        ")
        }
        lines += ["  --print-settings", "        Print every setting's value and where it came from, then exit."]
        lines.append("  --environment-template")
        lines += wrap(
            "Print every setting as a commented NUKE_SERVER_ line with its default, for an environment file.",
            width: width,
            indent: "        "
        )
        lines += ["  --version", "        Show the version."]
        lines += ["  -h, --help", "        Show this help."]
        return lines.joined(separator: "\n")
    }

    /// An environment file with every setting commented out: its help, then
    /// `#NUKE_SERVER_…=<default>` (`1` for a toggle), for `--environment-file` or systemd's
    /// `EnvironmentFile=`.
    static func environmentTemplate() -> String {
        var lines = [
            "# nuke-server's settings as NAME=value lines: systemd's EnvironmentFile=, or --environment-file.",
            "# Each is commented out with its default; uncomment and set what you need. Flags win over these.",
            "# imgproxy's IMGPROXY_ variables are read too. See nuke-server --help.",
        ]
        for setting in ServerSetting.all {
            lines.append("")
            lines += wrap(setting.help, width: 100, indent: "# ")
            let value = setting.kind == .toggle ? "1" : (setting.defaultValue ?? "")
            lines.append("#\(setting.environmentVariable)=\(value)")
        }
        return lines.joined(separator: "\n")
    }

    /// Every setting's effective value and where it came from, one per line (secrets hidden),
    /// then the warnings about imgproxy variables.
    static func settingsReport(_ reader: SettingsReader) -> String {
        var lines: [String] = []
        for setting in ServerSetting.all {
            let described = reader.describe(setting)
            lines.append("\(setting.name): " + (described.map { "\($0.text) (\($0.origin))" } ?? "unset"))
        }
        return (lines + reader.warnings.map { "warning: " + $0 }).joined(separator: "\n")
    }

    /// `text` in lines of at most `width` columns, each starting with `indent`.
    private static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        return lines + [line]
    }
}
