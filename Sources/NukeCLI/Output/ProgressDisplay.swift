import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Shows a run's progress: a bar redrawn in place on a terminal (files and bytes), plain lines
/// otherwise. File lines go to stdout, the bar and errors to stderr.
final class ProgressDisplay: Sendable {
    private struct State {
        var completed = 0
        var isBarShown = false
    }

    private let total: Int
    private let statistics: RunStatistics
    private let isTerminal: Bool
    private let state = Mutex(State())

    /// Creates a display for `total` files, reading bytes from `statistics`.
    init(total: Int, statistics: RunStatistics, isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        self.statistics = statistics
        self.isTerminal = isTerminal
    }

    /// Prints a line about one finished file and advances the count.
    func fileFinished(_ line: String) {
        state.withLock { state in
            state.completed += 1
            clearBar(&state)
            Standard.output(line)
            drawBar(&state)
        }
    }

    /// Prints an error line about one file and advances the count.
    func fileFailed(_ message: String) {
        state.withLock { state in
            state.completed += 1
            clearBar(&state)
            Standard.error("Error: \(message)")
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
        let width = 30
        let filled = total == 0 ? width : width * state.completed / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let bytes = ByteCount.format(statistics.bytes)
        Standard.error("\r[\(bar)] \(state.completed)/\(total) files, \(bytes)", terminator: "")
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
        write(line + terminator, to: STDOUT_FILENO)
    }

    static func error(_ line: String, terminator: String = "\n") {
        write(line + terminator, to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
