// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import ArgumentParser
import Foundation

/// The one rule for exit statuses, after `sysexits.h`: 0 when everything succeeded, 1 when an
/// input failed at run time, 64 (`EX_USAGE`) when the command line is wrong.
enum ExitStatus: Int32 {
    /// Everything succeeded (help and `--version` included).
    case success = 0
    /// An input could not be loaded, decoded, processed or written, or the environment failed.
    case failure = 1
    /// The command line is wrong: an unknown option, a bad value, a malformed URL or spec.
    case usage = 64

    /// The status for an error thrown while parsing or running a command.
    init(for error: any Error) {
        switch error {
        case let error as CommandLineError:
            self = error.isUsageError ? .usage : .failure
        case let code as ExitCode:
            self = code == .success ? .success : (code.rawValue == ExitStatus.usage.rawValue ? .usage : .failure)
        default:
            let code = NukeCommand.exitCode(for: error)
            self = code == .success ? .success : (code == .validationFailure ? .usage : .failure)
        }
    }

    /// The error as one line (`nil` for an `ExitCode`, which the command has already explained).
    static func message(for error: any Error) -> String? {
        switch error {
        case let error as CommandLineError:
            return error.description
        case is ExitCode:
            return nil
        default:
            // Argument parser's messages are a sentence, sometimes followed by usage lines or,
            // after a colon, the allowed values as a list; the sentence, with its list, is kept.
            let lines = NukeCommand.message(for: error).split(separator: "\n").map(String.init)
            guard var line = lines.first, !line.isEmpty else { return "\(error)" }
            if line.hasSuffix(":") {
                let values = lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
                    .prefix { $0.hasPrefix("- ") }.map { $0.dropFirst(2) }
                if !values.isEmpty { line += " " + values.joined(separator: ", ") }
            }
            return line + " (see '\(helpCommand)')"
        }
    }

    /// `nuke <subcommand> --help` for the subcommand on the command line, else `nuke --help`.
    private static var helpCommand: String {
        let names = NukeCommand.configuration.subcommands.map { $0.configuration.commandName }
        let words = CommandLine.arguments.dropFirst().prefix { !$0.hasPrefix("-") }
        var path = ["nuke"]
        if let first = words.first, names.contains(first) {
            path.append(first)
            if first == "cache", words.count > 1 { path.append(words[words.index(after: words.startIndex)]) }
        }
        return path.joined(separator: " ") + " --help"
    }
}
