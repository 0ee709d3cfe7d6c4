// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Shows a run's progress: a ``ProgressBar`` redrawn in place on a terminal, plain lines
/// otherwise. File lines go to stdout (or stderr when stdout carries an image or JSON), the bar
/// and errors to stderr.
final class ProgressDisplay: Sendable {
    private struct State {
        var completed = 0
        var isBarShown = false
    }

    private let total: Int
    private let statistics: RunStatistics
    private let isTerminal: Bool
    private let printsFileLines: Bool
    private let fileLinesToStandardError: Bool
    private let start = ContinuousClock.now
    private let state = Mutex(State())

    /// Creates a display for `total` files, reading bytes from `statistics`.
    ///
    /// - Parameters:
    ///   - printsFileLines: `false` to print only errors (with `--json`).
    ///   - fileLinesToStandardError: `true` when stdout carries the image (`--output -`).
    init(
        total: Int,
        statistics: RunStatistics,
        isTerminal: Bool = isatty(STDERR_FILENO) == 1,
        printsFileLines: Bool = true,
        fileLinesToStandardError: Bool = false
    ) {
        self.total = total
        self.statistics = statistics
        self.isTerminal = isTerminal
        self.printsFileLines = printsFileLines
        self.fileLinesToStandardError = fileLinesToStandardError
    }

    /// Prints a line about one finished file and advances the count.
    func fileFinished(_ line: String) {
        state.withLock { state in
            state.completed += 1
            clearBar(&state)
            if printsFileLines {
                if fileLinesToStandardError { Standard.error(line) } else { Standard.output(line) }
            }
            drawBar(&state)
        }
    }

    /// Prints an error line about one file and advances the count.
    func fileFailed(_ message: String) {
        state.withLock { state in
            state.completed += 1
            clearBar(&state)
            Standard.error("nuke: \(message)")
            drawBar(&state)
        }
    }

    /// Redraws the bar with the latest byte count (terminals only).
    func refresh() {
        state.withLock { drawBar(&$0) }
    }

    /// Removes the bar before the summary.
    func finish() {
        state.withLock { clearBar(&$0) }
    }

    private func drawBar(_ state: inout State) {
        guard isTerminal else { return }
        let bar = ProgressBar(
            completed: state.completed,
            total: total,
            bytes: statistics.bytes,
            elapsed: ContinuousClock.now - start
        )
        Standard.error("\r" + bar.render(), terminator: "")
        state.isBarShown = true
    }

    private func clearBar(_ state: inout State) {
        guard state.isBarShown else { return }
        Standard.error("\r\u{1B}[K", terminator: "")
        state.isBarShown = false
    }
}

/// Writes to stdout and stderr without buffering surprises between the two.
enum Standard {
    static func output(_ line: String, terminator: String = "\n") {
        write(Array((line + terminator).utf8), to: STDOUT_FILENO)
    }

    static func error(_ line: String, terminator: String = "\n") {
        write(Array((line + terminator).utf8), to: STDERR_FILENO)
    }

    /// Writes raw bytes to stdout (an image for `--output -`); `false` if stdout went away.
    @discardableResult
    static func output(bytes: Data) -> Bool {
        write(Array(bytes), to: STDOUT_FILENO)
    }

    @discardableResult
    private static func write(_ array: [UInt8], to descriptor: Int32) -> Bool {
        var bytes = array[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
