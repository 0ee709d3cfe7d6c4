// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Configuration

/// One setting of nuke-server, declared once in ``all``: its name, what kind of value it takes,
/// its default and its help. Its flag (`--max-source-bytes`), environment variable
/// (`NUKE_SERVER_MAX_SOURCE_BYTES`) and configuration key all derive from the name.
struct ServerSetting: Hashable, Sendable {
    /// What a setting takes.
    enum Kind: Hashable, Sendable {
        /// One piece of text.
        case text
        /// A whole number.
        case integer
        /// A number that may have a fraction, such as seconds.
        case decimal
        /// On when given (a flag without a value; `1`, `true` or `yes` in the environment).
        case toggle
        /// Values given by repeating the flag, or comma-separated.
        case list
    }

    /// The flag's name without its dashes, such as `max-source-bytes`.
    let name: String
    /// What it takes.
    let kind: Kind
    /// The value when none is given, as it is written; `nil` when there is none or it is worked
    /// out at start (the help says how).
    let defaultValue: String?
    /// What it does, for `--help`.
    let help: String
    /// Whether its value must never be logged or printed (signing keys).
    var isSecret = false
    /// imgproxy's default where it differs from ours, taken when none is given and
    /// `--imgproxy-defaults` is on (`1` for a toggle that is on there).
    var imgproxyDefault: String?

    /// `--max-source-bytes`.
    var flag: String { "--" + name }

    /// `NUKE_SERVER_MAX_SOURCE_BYTES`: what swift-configuration's environment provider reads for
    /// ``configKey``.
    var environmentVariable: String {
        "NUKE_SERVER_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// `nukeServer.max.source.bytes`: the key every provider is asked for, a component per word,
    /// so that the environment provider's name for it is ``environmentVariable`` whatever the
    /// words hold (camel case would lose the `_` after a digit: `s3Endpoint` is `S3ENDPOINT`).
    var configKey: ConfigKey {
        ConfigKey(["nukeServer"] + name.split(separator: "-").map(String.init))
    }

    /// The setting whose flag is `flag` (with its dashes), if any.
    static func named(flag: String) -> ServerSetting? {
        all.first { $0.flag == flag }
    }
}
