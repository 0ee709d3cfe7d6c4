// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import ArgumentParser
import Foundation

/// `nuke`: fetch, inspect and cache images with the Nuke pipeline, or watch it work in a demo.
@main
struct NukeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nuke",
        abstract: "Load, process and cache images with Nuke for Linux.",
        discussion: """
            Start with `nuke demo`: it runs the whole pipeline against a built-in gallery, offline.

            Exit status: 0 when everything succeeded, 1 when an input could not be loaded, decoded \
            or written (the others still are), 64 when the command line itself is wrong (an unknown \
            option, a bad value, a malformed URL or processor spec). Every error is one line on \
            stderr, starting with "nuke: ".
            """,
        version: NukeVersion.description,
        subcommands: [FetchCommand.self, InfoCommand.self, CacheCommand.self, DemoCommand.self]
    )

    /// Parses the arguments and runs the command, turning every error into one line on stderr
    /// and an exit status that follows ``ExitStatus``.
    static func main() async {
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(reporting: error)
        }
        do {
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                var command = command
                try command.run()
            }
        } catch {
            exit(reporting: error)
        }
    }

    /// Prints `error` (help and `--version` to stdout, errors as one line to stderr) and exits.
    private static func exit(reporting error: any Error) -> Never {
        let status = ExitStatus(for: error)
        switch status {
        case .success:
            let text = fullMessage(for: error)
            if !text.isEmpty { Standard.output(text) }
        case .failure, .usage:
            if let message = ExitStatus.message(for: error) { Standard.error("nuke: " + message) }
        }
        Foundation.exit(status.rawValue)
    }
}
