// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A failure the command reports as one line on stderr before exiting with the status
/// ``ExitStatus`` gives it.
struct CommandLineError: Error, CustomStringConvertible {
    /// The line, without the `nuke: ` prefix.
    let description: String
    /// `true` when the command line itself is wrong (exit status 64), `false` for a failure at
    /// run time (exit status 1).
    let isUsageError: Bool

    /// A failure at run time: something could not be loaded, decoded or written.
    init(_ description: String) {
        self.description = description
        self.isUsageError = false
    }

    /// A wrong command line: a malformed URL, spec or template, or options that do not go together.
    static func usage(_ description: String) -> CommandLineError {
        CommandLineError(description: description, isUsageError: true)
    }

    private init(description: String, isUsageError: Bool) {
        self.description = description
        self.isUsageError = isUsageError
    }
}
