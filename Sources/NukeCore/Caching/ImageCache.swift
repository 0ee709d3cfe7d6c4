// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// A thread-safe memory cache of decoded images with cost and count limits, an optional time to
/// live, and least-recently-used eviction (the second-chance variant: reads never reorder, so a
/// hit costs one hash lookup under a lock).
///
/// An entry costs its bitmap's `bytesPerRow × height` plus the size of any attached data, plus,
/// for an animation, the most bytes of frames it may keep (its memory budget, or all its frames
/// when they take less).
/// An entry costing at least ``entryCostLimit`` of ``costLimit`` is not stored at all.
///
/// Under memory pressure (a ``MemoryPressureSource``: for ``shared``, Linux's pressure stall
/// information for the process's container, where available) the cache trims itself: to half its
/// cost on a moderate event, empty on a critical one — as Nuke's cache empties on iOS's memory
/// warnings.
public final class ImageCache: ImageCaching {
    private struct State {
        var entries = SecondChanceList<ImageCacheKey, ImageContainer>()
        var costLimit: Int
        var countLimit: Int
        var ttl: Double?
        var entryCostLimit = 0.1
    }

    private let state: Mutex<State>
    private let clock: ElapsedClock
    /// Whether an entry with an expiration was ever stored: until then reads skip the clock.
    private let hasStoredExpiringEntries = Atomic(false)
    /// The observation of the memory-pressure source, cancelled with the cache.
    private let pressureObservation = Mutex<(any Cancellable)?>(nil)

    /// A cache shared by pipelines that are not given one (``ImagePipeline/Configuration``'s
    /// default); it trims under the process's memory pressure where PSI is available.
    public static let shared = ImageCache(memoryPressure: PSIMemoryPressure.current)

    /// 15% of the memory available to this process — the cgroup limit when one is set, else
    /// physical memory — capped at 768 MiB.
    public static var defaultCostLimit: Int {
        Int(min(768 * 1024 * 1024, Double(SystemMemory.available) * 0.15))
    }

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - costLimit: the most the entries may cost together, in bytes.
    ///   - countLimit: the most entries the cache holds.
    ///   - clock: the clock that times ``ttl`` (tests inject a manual one).
    ///   - memoryPressure: what tells the cache to trim: `PSIMemoryPressure.current` for the
    ///     process's own pressure (`nil` where PSI is unavailable), as ``shared`` does; `nil` (the
    ///     default) never trims for pressure.
    public init(
        costLimit: Int = ImageCache.defaultCostLimit,
        countLimit: Int = Int.max,
        clock: some Clock<Duration> = ContinuousClock(),
        memoryPressure: (any MemoryPressureSource)? = nil
    ) {
        state = Mutex(State(costLimit: max(0, costLimit), countLimit: max(0, countLimit)))
        self.clock = ElapsedClock(clock)
        guard let memoryPressure else { return }
        // Weak: the source may outlive the cache.
        let observation = memoryPressure.observe { [weak self] event in self?.relieve(event) }
        pressureObservation.withLock { $0 = observation }
    }

    deinit {
        pressureObservation.withLock { $0 }?.cancel()
    }

    /// Trims for a pressure event: to half the current cost (moderate), or empty (critical).
    func relieve(_ event: MemoryPressureEvent) {
        switch event {
        case .moderate: trim(toCost: totalCost / 2)
        case .critical: removeAll()
        }
    }

    // MARK: Limits

    /// The most the entries may cost together, in bytes; lowering it trims at once.
    public var costLimit: Int {
        get { state.withLock { $0.costLimit } }
        set { updateLimits { $0.costLimit = max(0, newValue) } }
    }

    /// The most entries the cache holds; lowering it trims at once.
    public var countLimit: Int {
        get { state.withLock { $0.countLimit } }
        set { updateLimits { $0.countLimit = max(0, newValue) } }
    }

    /// How long, in seconds, an entry stays valid after it is stored; `nil` (the default) for
    /// ever. Expired entries are removed when read.
    public var ttl: Double? {
        get { state.withLock { $0.ttl } }
        set { state.withLock { $0.ttl = newValue } }
    }

    /// The fraction of ``costLimit`` from which an entry is too large to store (default 0.1).
    public var entryCostLimit: Double {
        get { state.withLock { $0.entryCostLimit } }
        set { state.withLock { $0.entryCostLimit = newValue } }
    }

    // MARK: Contents

    /// The number of entries.
    public var totalCount: Int { state.withLock { $0.entries.count } }

    /// The sum of the entries' costs, in bytes.
    public var totalCost: Int { state.withLock { $0.entries.totalCost } }

    /// The image stored for `key`; assigning stores it (subject to ``entryCostLimit``) and
    /// assigning `nil` removes it.
    public subscript(key: ImageCacheKey) -> ImageContainer? {
        get { value(for: key) }
        set {
            if let newValue {
                store(newValue, for: key, ttl: nil)
            } else {
                _ = state.withLock { $0.entries.remove(key) }
            }
        }
    }

    /// Stores an image with its own time to live, overriding ``ttl`` for this entry.
    public func store(_ image: ImageContainer, for key: ImageCacheKey, ttl: Double?) {
        let cost = Self.cost(of: image)
        let now = clock.now()  // Read outside the lock: the clock may be the caller's code.
        state.withLock { state in
            guard Double(cost) < state.entryCostLimit * Double(state.costLimit) else {
                state.entries.remove(key)  // A stale smaller version must not outlive the new one.
                return
            }
            let expiration = (ttl ?? state.ttl).map { now + .seconds(max(0, $0)) }
            if expiration != nil { hasStoredExpiringEntries.store(true, ordering: .relaxed) }
            state.entries.set(image, for: key, cost: cost, expiration: expiration)
            let (costLimit, countLimit) = (state.costLimit, state.countLimit)
            state.entries.evict { $0 <= costLimit && $1 <= countLimit }
        }
    }

    /// Removes every entry.
    public func removeAll() {
        state.withLock { $0.entries.removeAll() }
    }

    /// Evicts least recently used entries until the total cost is at most `limit`.
    public func trim(toCost limit: Int) {
        state.withLock { $0.entries.evict { cost, _ in cost <= limit } }
    }

    /// Evicts least recently used entries until at most `limit` remain.
    public func trim(toCount limit: Int) {
        state.withLock { $0.entries.evict { _, count in count <= limit } }
    }

    /// What an image costs in this cache: its pixel bytes plus its attached data, plus the most
    /// bytes of frames its animation may keep.
    public static func cost(of image: ImageContainer) -> Int {
        image.image.byteCount + (image.data?.count ?? 0) + (image.animation.map(animationCost) ?? 0)
    }

    /// The most bytes of frames `animation` keeps: its memory budget, or every frame's RGBA when
    /// that is less.
    private static func animationCost(_ animation: ImageAnimation) -> Int {
        let frame = animation.width.multipliedReportingOverflow(by: animation.height * 4)
        let (frames, overflow) = frame.partialValue.multipliedReportingOverflow(by: animation.frameCount)
        guard !frame.overflow, !overflow else { return max(0, animation.memoryBudget) }
        return min(max(0, animation.memoryBudget), frames)
    }

    // MARK: Private

    private func value(for key: ImageCacheKey) -> ImageContainer? {
        let now = hasStoredExpiringEntries.load(ordering: .relaxed) ? clock.now() : nil
        return state.withLock { state in
            guard let index = state.entries.index(of: key) else { return nil }
            let node = state.entries[index]
            if let expiration = node.expiration, let now, expiration <= now {
                state.entries.remove(key)
                return nil
            }
            state.entries.markReferenced(at: index)
            return node.value
        }
    }

    private func updateLimits(_ update: (inout State) -> Void) {
        state.withLock { state in
            update(&state)
            let (costLimit, countLimit) = (state.costLimit, state.countLimit)
            state.entries.evict { $0 <= costLimit && $1 <= countLimit }
        }
    }
}
