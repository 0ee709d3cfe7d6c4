// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Dispatch
public import NukeCore
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
#if canImport(Glibc)
    internal import Glibc
#endif

/// Deterministic damaged variants of valid files, for fuzz passes over decoders: truncations,
/// flipped bits, overwritten bytes, zeroed and duplicated runs, and garbage appended.
public struct FuzzCorpus: Sequence {
    private let seeds: [Data]
    private let count: Int
    private let seed: UInt64

    /// `count` variants of `seeds`, reproducible from `seed`.
    public init(seeds: [Data], count: Int = 10_000, seed: UInt64 = 0x6E75_6B65) {
        self.seeds = seeds.filter { !$0.isEmpty }
        self.count = seeds.isEmpty ? 0 : count
        self.seed = seed
    }

    /// Iterates the variants.
    public func makeIterator() -> AnyIterator<Data> {
        var generator = SeededGenerator(seed: seed)
        var produced = 0
        let seeds = self.seeds
        let count = self.count
        return AnyIterator {
            guard produced < count else { return nil }
            produced += 1
            var bytes = [UInt8](seeds[Int(generator.next() % UInt64(seeds.count))])
            let mutations = 1 + Int(generator.next() % 4)
            for _ in 0..<mutations { Self.mutate(&bytes, &generator) }
            return Data(bytes)
        }
    }

    private static func mutate(_ bytes: inout [UInt8], _ generator: inout SeededGenerator) {
        guard !bytes.isEmpty else { return }
        let position = Int(generator.next() % UInt64(bytes.count))
        switch generator.next() % 7 {
        case 0: bytes.removeSubrange(position...)  // Truncate.
        case 1: bytes[position] ^= UInt8(1 << (generator.next() % 8))  // Flip a bit.
        case 2: bytes[position] = UInt8(truncatingIfNeeded: generator.next())  // Overwrite a byte.
        case 3:  // Set a run to an extreme value (lengths and sizes become huge or zero).
            let end = Swift.min(bytes.count, position + 1 + Int(generator.next() % 4))
            let value: UInt8 = generator.next() % 2 == 0 ? 0xFF : 0x00
            for index in position..<end { bytes[index] = value }
        case 4:  // Duplicate a run.
            let end = Swift.min(bytes.count, position + 1 + Int(generator.next() % 64))
            bytes.insert(contentsOf: bytes[position..<end], at: position)
        case 5:  // Remove a run.
            let end = Swift.min(bytes.count, position + 1 + Int(generator.next() % 64))
            bytes.removeSubrange(position..<end)
        default:  // Append garbage.
            for _ in 0..<(1 + generator.next() % 32) { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
        }
    }
}

/// The lines of captured standard error that did not come from the test runner itself (which
/// reports on standard error while tests run in parallel).
public func libraryOutput(_ captured: String) -> [String] {
    captured.split(separator: "\n").map(String.init).filter { line in
        let trimmed = line.drop { $0 == " " || $0 == "\u{1B}" }
        return !trimmed.isEmpty && !isRunnerLine(line) && !trimmed.hasPrefix("[")
    }
}

/// The test runner's own lines in captured standard error, with the indented lines that continue
/// them (an issue's details): written back to the real standard error after a capture, so that
/// a test failing in another suite while the capture runs is not reported without its reason.
func runnerReport(_ captured: String) -> [String] {
    var report: [String] = []
    var continues = false
    for line in captured.split(separator: "\n").map(String.init) {
        if isRunnerLine(line) {
            report.append(line)
            continues = true
        } else if continues, line.first == " " || line.first == "\t" {
            report.append(line)
        } else {
            continues = false
        }
    }
    return report
}

private func isRunnerLine(_ line: String) -> Bool {
    let runnerPrefixes = ["◇", "✔", "✘", "↳", "􀟈", "􀄵", "􁁛", "􀢄", "Test Suite", "Test Case", "Executed", "\u{1B}"]
    let trimmed = line.drop { $0 == " " || $0 == "\u{1B}" }
    return runnerPrefixes.contains { trimmed.hasPrefix($0) }
}

/// Serialises captures: standard error is one per process, and overlapping redirections would
/// restore each other's files.
private let standardErrorCapture = Mutex(())

/// Runs `body` with the process's standard error redirected to a file, and returns what was
/// written to it (to prove a C library printed nothing). Captures never overlap.
public func capturingStandardError(_ body: () throws -> Void) rethrows -> String {
    try standardErrorCapture.withLock { _ in try capturingStandardErrorLocked(body) }
}

private func capturingStandardErrorLocked(_ body: () throws -> Void) rethrows -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-stderr-\(UUID().uuidString)").path
    let file = open(path, O_CREAT | O_TRUNC | O_RDWR, 0o600)
    let saved = dup(STDERR_FILENO)
    dup2(file, STDERR_FILENO)
    var restored = false
    func restore() -> String {
        fsync(STDERR_FILENO)
        dup2(saved, STDERR_FILENO)
        close(saved)
        restored = true
        let captured = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self)
        close(file)
        unlink(path)
        // What the test runner reported meanwhile goes where it was meant to.
        let report = runnerReport(captured)
        if !report.isEmpty {
            let text = report.joined(separator: "\n") + "\n"
            text.utf8CString.withUnsafeBufferPointer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        }
        return captured
    }
    defer { if !restored { _ = restore() } }
    try body()
    return restore()
}

/// Runs every variant of `FuzzCorpus(seeds:)` through a fresh decoder from `makeDecoder`, off the
/// cooperative pool and with standard error captured. Each variant is decoded completely — a
/// result must pass `check`, a failure must be an `ImageDecodingError` — and is also
/// offered as partial data.
public func runDecoderFuzzPass(
    seeds: [Data],
    makeDecoder: @escaping @Sendable (ImageDecodingContext) -> any ImageDecoding,
    maximumPixelCount: Int,
    check: @escaping @Sendable (ImageContainer) -> String? = { _ in nil }
) async throws -> FuzzOutcome {
    try await runOffCooperativePool {
        var outcome = FuzzOutcome()
        let output = capturingStandardError {
            for variant in FuzzCorpus(seeds: seeds) {
                let context = ImageDecodingContext(
                    request: ImageRequest(url: nil),
                    data: variant,
                    maximumPixelCount: maximumPixelCount
                )
                let decoder = makeDecoder(context)
                do {
                    let container = try decoder.decode(variant)
                    if let problem = check(container) { outcome.anomalies.append(problem) }
                    outcome.decoded += 1
                } catch is ImageDecodingError {
                    outcome.failed += 1
                } catch {
                    outcome.anomalies.append("untyped error: \(error)")
                }
                _ = decoder.decodePartiallyDownloadedData(variant)
            }
        }
        outcome.output = libraryOutput(output)
        return outcome
    }
}

/// A fuzz check for animated results: every frame can be produced and is not empty.
@Sendable public func everyFrameIsNonEmpty(_ container: ImageContainer) -> String? {
    for frame in container.animation?.frames ?? AnySequence([]) where frame.width == 0 {
        return "an empty frame"
    }
    return nil
}

/// Runs `body` — work that makes a C library print to standard error (dav1d, libde265 and libjxl
/// print diagnostics of bad data) — with standard error captured and discarded, never while
/// another capture runs, so that nothing it prints lands in the capture of a test proving that
/// another library prints nothing.
///
/// The capture's lock is taken on a Dispatch thread, never on the cooperative pool, which stays
/// free for the asynchronous work `body` awaits.
public func quietly<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await runOffCooperativePool {
        let outcome = QuietOutcome<T>()
        _ = capturingStandardError {
            Task {
                do { outcome.finish(.success(try await body())) } catch { outcome.finish(.failure(error)) }
            }
            outcome.done.wait()
        }
        return try outcome.result.withLock { $0! }.get()
    }
}

/// The result of ``quietly(_:)``'s body, handed from its task to the waiting thread.
private final class QuietOutcome<T: Sendable>: Sendable {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)

    func finish(_ outcome: Result<T, any Error>) {
        result.withLock { $0 = outcome }
        done.signal()
    }
}
