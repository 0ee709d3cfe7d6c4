internal import Synchronization

/// The frames of an animated image (GIF, animated WebP), composited and ready to show.
///
/// Frames are produced on demand by the decoder that made the animation and kept in a cache
/// bounded by ``memoryBudget``, so a 1,000-frame animation costs a few canvases of memory, not a
/// thousand. Reading frames in order is cheapest; going back restarts composition from the first
/// frame unless the frame is still cached. Thread-safe: frames are produced under a lock.
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
        self.store = AnimationFrameStore(source: source, frameCount: frameDurations.count, budget: memoryBudget)
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
final class AnimationFrameStore: Sendable {
    private struct State {
        var cursor: (any AnimationFrameCursor)?
        var nextIndex = 0
        var cache: [Int: Bitmap] = [:]
        var cachedBytes = 0
    }

    private let source: any AnimationFrameSource
    private let frameCount: Int
    private let budget: Int
    // The cursor is only touched under this lock, which is what makes the store Sendable.
    private let state = Mutex(State())

    init(source: any AnimationFrameSource, frameCount: Int, budget: Int) {
        self.source = source
        self.frameCount = frameCount
        self.budget = max(0, budget)
    }

    func frame(at index: Int) throws -> Bitmap {
        try state.withLock { state in
            if let cached = state.cache[index] { return cached }
            if state.cursor == nil || index < state.nextIndex {
                state.cursor = try source.makeCursor()
                state.nextIndex = 0
            }
            while true {
                guard let cursor = state.cursor, let frame = try cursor.nextFrame() else {
                    state.cursor = nil
                    throw ImageDecodingError.corrupt(reason: "frame \(index) could not be decoded")
                }
                let produced = state.nextIndex
                state.nextIndex += 1
                remember(frame, at: produced, in: &state)
                if produced == index { return frame }
            }
        }
    }

    /// Caches a frame if it fits, evicting the frames farthest behind it first.
    private func remember(_ frame: Bitmap, at index: Int, in state: inout State) {
        let cost = frame.byteCount
        guard cost <= budget else { return }
        while state.cachedBytes + cost > budget, let oldest = state.cache.keys.min() {
            state.cachedBytes -= state.cache.removeValue(forKey: oldest)?.byteCount ?? 0
        }
        state.cache[index] = frame
        state.cachedBytes += cost
    }
}
