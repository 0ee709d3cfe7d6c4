// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// The frames of an animated image (GIF, animated WebP), composited and ready to show.
///
/// Frames are produced on demand by the decoder that made the animation and kept in a cache
/// bounded by ``memoryBudget``, so a 1,000-frame animation costs a few canvases of memory, not a
/// thousand. Reading frames in order is cheapest; going back restarts composition from the first
/// frame unless the frame is still cached. Thread-safe, and the plugin's cursor is never called
/// under a lock.
public struct ImageAnimation: Sendable {
    /// The width of every frame (the canvas).
    public let width: Int
    /// The height of every frame.
    public let height: Int
    /// How long each frame shows, in seconds.
    public let frameDurations: [Double]
    /// How many times the animation plays in all: 0 for ever, 1 for once. (A GIF's NETSCAPE2.0
    /// repetition count n becomes n + 1, as browsers play it; WebP stores this number directly.)
    public let loopCount: Int
    /// The most bytes of composited frames kept in memory at once.
    public let memoryBudget: Int

    private let store: AnimationFrameStore
    private let source: any AnimationFrameSource

    /// Creates an animation whose frames `source` composites in order.
    public init(
        width: Int,
        height: Int,
        frameDurations: [Double],
        loopCount: Int,
        memoryBudget: Int = ImageAnimation.defaultMemoryBudget,
        source: any AnimationFrameSource
    ) {
        self.width = width
        self.height = height
        self.frameDurations = frameDurations
        self.loopCount = loopCount
        self.memoryBudget = memoryBudget
        self.source = source
        self.store = AnimationFrameStore(source: source, frameCount: frameDurations.count, budget: memoryBudget)
    }

    /// The same animation with `transform` applied to each frame as it is produced (a colour
    /// conversion, for example); frames already produced by this one are not reused.
    public func mappingFrames(_ transform: @escaping @Sendable (Bitmap) throws -> Bitmap) -> ImageAnimation {
        mappingFrames(width: width, height: height, transform)
    }

    /// The animation with `transform` applied to each frame as it is produced, the frames then
    /// `width × height` (a resize, for example). Durations and loop count are kept, and so is the
    /// memory budget: frames are made on demand, never all at once.
    ///
    /// A transformed frame of another size is an error when it is produced
    /// (``ImageProcessingError/frameSizeMismatch(frame:width:height:expectedWidth:expectedHeight:)``).
    public func mappingFrames(
        width: Int,
        height: Int,
        _ transform: @escaping @Sendable (Bitmap) throws -> Bitmap
    ) -> ImageAnimation {
        ImageAnimation(
            width: width,
            height: height,
            frameDurations: frameDurations,
            loopCount: loopCount,
            memoryBudget: memoryBudget,
            source: MappedFrameSource(base: source, width: width, height: height, transform: transform)
        )
    }

    /// 64 MiB: sixteen 1000×1000 frames.
    public static let defaultMemoryBudget = 64 << 20

    /// The number of frames.
    public var frameCount: Int { frameDurations.count }

    /// The length of one play-through, in seconds.
    public var duration: Double { frameDurations.reduce(0, +) }

    /// The composited frame at `index`.
    ///
    /// - Throws: ``ImageDecodingError`` if the frame cannot be produced (damaged data past the
    ///   frames already shown), or `indexOutOfRange` style errors for a bad index.
    public func frame(at index: Int) throws -> Bitmap {
        guard index >= 0, index < frameCount else {
            throw ImageDecodingError.unsupported(reason: "frame \(index) of \(frameCount) does not exist")
        }
        return try store.frame(at: index)
    }

    /// The bytes of frames kept in memory now (at most ``memoryBudget``).
    var cachedFrameBytes: Int { store.cachedBytes }

    /// The frames in order, produced one at a time as the sequence is iterated. A frame that
    /// cannot be produced ends the sequence.
    public var frames: AnySequence<Bitmap> {
        let animation = self
        return AnySequence { () -> AnyIterator<Bitmap> in
            var index = 0
            return AnyIterator {
                guard index < animation.frameCount, let frame = try? animation.frame(at: index) else { return nil }
                index += 1
                return frame
            }
        }
    }
}

/// Composites an animation's frames in order; implemented by decoder plugins.
public protocol AnimationFrameSource: Sendable {
    /// Starts a new pass over the frames, from the first.
    func makeCursor() throws -> any AnimationFrameCursor
}

/// One pass over an animation's frames. Used by one thread at a time.
public protocol AnimationFrameCursor: AnyObject {
    /// The next composited frame, or `nil` after the last one.
    func nextFrame() throws -> Bitmap?
}

/// Produces frames through a cursor and keeps recent ones within a byte budget.
///
/// A plugin's cursor is never called under the lock: a thread checks the cursor out (or makes a
/// new one when another thread holds it or it is past the wanted frame), advances it unlocked,
/// and checks it back in.
final class AnimationFrameStore: Sendable {
    private enum Checkout {
        case cached(Bitmap)
        /// The idle cursor, or `nil` if a new one must be made.
        case cursor(CheckedOutCursor?)
    }

    private struct State {
        var idleCursor: CheckedOutCursor?
        var cache: [Int: Bitmap] = [:]
        var cachedBytes = 0
    }

    private let source: any AnimationFrameSource
    private let frameCount: Int
    private let budget: Int
    private let state = Mutex(State())

    init(source: any AnimationFrameSource, frameCount: Int, budget: Int) {
        self.source = source
        self.frameCount = frameCount
        self.budget = max(0, budget)
    }

    func frame(at index: Int) throws -> Bitmap {
        let checkout = state.withLock { state -> Checkout in
            if let cached = state.cache[index] { return .cached(cached) }
            guard let idle = state.idleCursor, idle.nextIndex <= index else { return .cursor(nil) }
            state.idleCursor = nil
            return .cursor(idle)
        }
        let cursor: CheckedOutCursor
        switch checkout {
        case .cached(let frame): return frame
        case .cursor(let idle): cursor = try idle ?? CheckedOutCursor(try source.makeCursor())
        }
        while true {
            guard let frame = try cursor.cursor.nextFrame() else {
                throw ImageDecodingError.corrupt(reason: "frame \(index) could not be decoded")
            }
            let produced = cursor.nextIndex
            cursor.nextIndex += 1
            state.withLock { remember(frame, at: produced, in: &$0) }
            if produced == index {
                state.withLock { state in
                    if state.idleCursor.map({ $0.nextIndex < cursor.nextIndex }) ?? true { state.idleCursor = cursor }
                }
                return frame
            }
        }
    }

    /// The bytes of frames cached now.
    var cachedBytes: Int { state.withLock { $0.cachedBytes } }

    /// Caches a frame if it fits, evicting the frames farthest behind it first.
    private func remember(_ frame: Bitmap, at index: Int, in state: inout State) {
        guard state.cache[index] == nil else { return }
        let cost = frame.byteCount
        guard cost <= budget else { return }
        while state.cachedBytes + cost > budget, let oldest = state.cache.keys.min() {
            state.cachedBytes -= state.cache.removeValue(forKey: oldest)?.byteCount ?? 0
        }
        state.cache[index] = frame
        state.cachedBytes += cost
    }
}

/// A plugin's cursor with its position, held by one thread at a time.
private final class CheckedOutCursor: @unchecked Sendable {
    // @unchecked: the store hands a cursor to one thread at a time — it is either parked in the
    // store's locked state or held by the single thread that checked it out — matching the
    // `AnimationFrameCursor` contract ("used by one thread at a time").
    let cursor: any AnimationFrameCursor
    var nextIndex = 0

    init(_ cursor: any AnimationFrameCursor) {
        self.cursor = cursor
    }
}

/// A source whose frames are another source's, transformed to frames of one size.
private struct MappedFrameSource: AnimationFrameSource {
    let base: any AnimationFrameSource
    let width: Int
    let height: Int
    let transform: @Sendable (Bitmap) throws -> Bitmap

    func makeCursor() throws -> any AnimationFrameCursor {
        MappedFrameCursor(base: try base.makeCursor(), source: self)
    }
}

private final class MappedFrameCursor: AnimationFrameCursor {
    private let base: any AnimationFrameCursor
    private let source: MappedFrameSource
    private var index = 0

    init(base: any AnimationFrameCursor, source: MappedFrameSource) {
        self.base = base
        self.source = source
    }

    func nextFrame() throws -> Bitmap? {
        guard let frame = try base.nextFrame() else { return nil }
        defer { index += 1 }
        let transformed = try source.transform(frame)
        guard transformed.width == source.width, transformed.height == source.height else {
            throw ImageProcessingError.frameSizeMismatch(
                frame: index,
                width: transformed.width,
                height: transformed.height,
                expectedWidth: source.width,
                expectedHeight: source.height
            )
        }
        return transformed
    }
}
