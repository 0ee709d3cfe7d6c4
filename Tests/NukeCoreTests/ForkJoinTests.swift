// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Synchronization
import Testing

@testable import NukeCore
@testable import NukeImaging

/// Splitting a loop across a worker pool's idle thread, and the resampler's split giving the
/// same bytes as one pass.
@Suite struct ForkJoinTests {
    /// The ranges `ForkJoin.forHalves` calls its body with, run by `pool` (or by the caller).
    private static func ranges(of range: Range<Int>, on pool: ImagePipeline.WorkerPool?) async -> [Range<Int>] {
        let split: @Sendable () -> [Range<Int>] = {
            let calls = Mutex<[Range<Int>]>([])
            ForkJoin.forHalves(of: range) { part in calls.withLock { $0.append(part) } }
            return calls.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        }
        guard let pool else { return split() }
        return await pool.perform(split)
    }

    @Test("Off a worker pool, the loop runs whole on the caller")
    func offPool() async {
        #expect(await Self.ranges(of: 0..<100, on: nil) == [0..<100])
    }

    @Test("On a worker with an idle thread beside it, the loop runs in two halves")
    func idleThread() async {
        let pool = ImagePipeline.WorkerPool(threadCount: 2, niceness: 0)
        #expect(await Self.ranges(of: 0..<101, on: pool) == [0..<50, 50..<101])
        #expect(await Self.ranges(of: 7..<8, on: pool) == [7..<8])  // Nothing to split.
        await pool.shutdown()
    }

    @Test("With every thread of the pool busy, the loop runs whole on the caller")
    func busyPool() async {
        let pool = ImagePipeline.WorkerPool(threadCount: 1, niceness: 0)
        #expect(await Self.ranges(of: 0..<100, on: pool) == [0..<100])
        await pool.shutdown()
    }

    @Test(
        "A resize split across two worker threads gives the bytes of one pass",
        arguments: [(800, 601, 512, 385, true), (800, 601, 512, 385, false), (1003, 517, 641, 331, false)]
    )
    func resizeOnPool(size: (Int, Int, Int, Int, Bool)) async throws {
        let (sourceWidth, sourceHeight, width, height, isOpaque) = size
        var state: UInt32 = 88_172_645
        let pixels = (0..<(sourceWidth * sourceHeight * 4)).map { index -> UInt8 in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            if index % 4 == 3 { return isOpaque ? 255 : UInt8(truncatingIfNeeded: state) }
            return index.isMultiple(of: 5) ? UInt8(truncatingIfNeeded: state) : UInt8(index / 4 % sourceWidth % 256)
        }
        let source = try Bitmap(width: sourceWidth, height: sourceHeight, pixelFormat: .rgba8, pixels: pixels)
        let taps = [sourceWidth: width, sourceHeight: height].map { input, output in
            Resampler.Coefficients(input: input, output: output, filter: .lanczos3).taps
        }
        #expect(width * height * taps.reduce(0, +) >= Resampler.minimumWorkToSplit)  // Large enough to split.
        let whole = try source.resized(width: width, height: height).withUnsafeBytes { Array($0) }
        let pool = ImagePipeline.WorkerPool(threadCount: 2, niceness: 0)
        let split = await pool.perform {
            try? source.resized(width: width, height: height).withUnsafeBytes { Array($0) }
        }
        await pool.shutdown()
        let differing = whole.indices.filter { $0 >= (split?.count ?? 0) || split?[$0] != whole[$0] }
        #expect(
            split?.count == whole.count && differing.isEmpty,
            "\(differing.count) bytes differ, first at \(differing.first ?? -1)"
        )
    }
}
