// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

/// The result of timing one benchmark.
struct Measurement {
    var name: String
    var operations: Int
    var seconds: [Double]

    /// The median time per operation, in microseconds.
    var microsecondsPerOperation: Double {
        let sorted = seconds.sorted()
        return sorted[sorted.count / 2] / Double(operations) * 1e6
    }

    /// The relative spread of the runs (max − min) / median.
    var spread: Double {
        let sorted = seconds.sorted()
        return (sorted.last! - sorted.first!) / sorted[sorted.count / 2]
    }
}

/// Runs `body` once to warm up, then `iterations` times, timing each run.
func measure(
    _ name: String,
    operations: Int,
    iterations: Int = 5,
    _ body: () async throws -> Void
) async rethrows -> Measurement {
    try await body()
    var seconds: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<iterations {
        let elapsed = try await clock.measure { try await body() }
        seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    let result = Measurement(name: name, operations: operations, seconds: seconds)
    result.print()
    return result
}

/// Runs each of `bodies` once to warm up, then `iterations` rounds in which each runs once, in
/// turn, timing each run: timings taken side by side, so that comparing them does not also
/// compare the machine's speed from one series to the next (a virtual machine's speed can drift
/// by a quarter between minutes).
func measureInterleaved(
    _ names: [String],
    operations: Int,
    iterations: Int,
    _ bodies: [() async throws -> Void]
) async throws -> [Measurement] {
    for body in bodies { try await body() }
    var seconds = [[Double]](repeating: [], count: bodies.count)
    let clock = ContinuousClock()
    for _ in 0..<iterations {
        for (index, body) in bodies.enumerated() {
            let elapsed = try await clock.measure { try await body() }
            seconds[index].append(elapsed.milliseconds / 1000)
        }
    }
    let results = zip(names, seconds).map { Measurement(name: $0, operations: operations, seconds: $1) }
    for result in results { result.print() }
    return results
}

extension Measurement {
    /// The median, over the rounds of `measureInterleaved`, of how much longer an operation took
    /// here than in `other` in the same round, in microseconds.
    func microsecondsAdded(to other: Measurement) -> Double {
        let differences = zip(seconds, other.seconds).map { ($0 - $1) / Double(operations) * 1e6 }
        return ReferenceTools.median(differences)
    }

    /// Prints the median and spread on one line.
    func print() {
        Swift.print(
            String(
                format: "%@ %10.3f µs/op  (%d ops × %d runs, spread %.0f%%)",
                name.padding(toLength: 50, withPad: " ", startingAt: 0),
                microsecondsPerOperation,
                operations,
                seconds.count,
                spread * 100
            )
        )
    }
}

/// Runs `body` once to warm up, then 5 times; the median wall time of a run, in milliseconds.
func medianMilliseconds(_ body: () async throws -> Void) async rethrows -> Double {
    try await body()
    var runs: [Double] = []
    for _ in 0..<5 {
        let start = ContinuousClock.now
        try await body()
        runs.append((ContinuousClock.now - start).milliseconds)
    }
    return ReferenceTools.median(runs)
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) * 1e-15
    }
}
