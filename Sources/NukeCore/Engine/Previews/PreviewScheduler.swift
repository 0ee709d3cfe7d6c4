// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Decides, chunk by chunk, whether a download's partial data gets a preview decode: a value
/// whose transitions return what its owner, the original-image job, does next.
///
/// Rules: at most one preview decode in flight (newer data waits for the next chunk); at least
/// `interval` between two previews; the delegate's ``ImagePipeline/PreviewPolicy`` is asked on
/// the first chunk and, while it says `.disabled`, again each time the data at least doubled (at
/// most 6 times); `.thumbnail` allows one preview; nothing after the final data.
struct PreviewScheduler: Sendable {
    enum Action: Equatable, Sendable {
        /// No preview for this chunk.
        case skip
        /// Ask the delegate for the preview policy, then call ``policyEvaluated(_:byteCount:)``.
        case evaluatePolicy
        /// Decode a preview under `policy`, making the decoder first if `needsDecoder`; call
        /// ``previewDecodeStarted()`` once it runs.
        case decode(policy: ImagePipeline.PreviewPolicy, needsDecoder: Bool)
    }

    /// What the final decode needs from the previews.
    struct Final: Equatable, Sendable {
        /// The policy for the final decoding context (`.incremental` if never evaluated).
        var policy: ImagePipeline.PreviewPolicy
        /// Whether a preview decode was still running (its operation is to be cancelled).
        var cancelsPreviewDecode: Bool
        /// How many previews were delivered.
        var previewCount: Int
    }

    /// The most times a `.disabled` policy is asked again.
    static let maximumPolicyEvaluations = 6

    private let interval: Duration
    private var policy: ImagePipeline.PreviewPolicy?
    private var evaluationCount = 0
    private var evaluatedByteCount = 0
    private var lastPreviewTime: Duration?
    private var hasDecoder = false
    private var isDecoding = false
    private var isFinal = false
    /// Previews delivered so far.
    private(set) var previewCount = 0

    /// - Parameter interval: the shortest time between two previews.
    init(interval: Duration) {
        self.interval = interval
    }

    /// Partial data of `byteCount` bytes arrived at `now`.
    mutating func partialDataArrived(byteCount: Int, now: Duration) -> Action {
        guard !isFinal, !isDecoding else { return .skip }
        if let lastPreviewTime, now - lastPreviewTime < interval { return .skip }
        if let policy, policy != .disabled { return decodeAction(for: policy) }
        let mayEvaluate =
            policy == nil
            || (evaluationCount < Self.maximumPolicyEvaluations && byteCount >= 2 * max(1, evaluatedByteCount))
        return mayEvaluate ? .evaluatePolicy : .skip
    }

    /// The delegate answered `.evaluatePolicy` for data of `byteCount` bytes.
    mutating func policyEvaluated(_ policy: ImagePipeline.PreviewPolicy, byteCount: Int) -> Action {
        self.policy = policy
        evaluationCount += 1
        evaluatedByteCount = byteCount
        return policy == .disabled ? .skip : decodeAction(for: policy)
    }

    /// The owner made the decoder (if asked to) and started the preview decode.
    mutating func previewDecodeStarted() {
        hasDecoder = true
        isDecoding = true
    }

    /// A preview decode ended at `now`; returns the preview's scan number if it is to be
    /// delivered (it succeeded, and the final data has not arrived meanwhile).
    mutating func previewDecoded(succeeded: Bool, now: Duration) -> Int? {
        isDecoding = false
        guard succeeded, !isFinal else { return nil }
        previewCount += 1
        lastPreviewTime = now
        return previewCount
    }

    /// The final data arrived: no more previews.
    mutating func finalDataArrived() -> Final {
        defer {
            isFinal = true
            isDecoding = false
        }
        return Final(policy: policy ?? .incremental, cancelsPreviewDecode: isDecoding, previewCount: previewCount)
    }

    private func decodeAction(for policy: ImagePipeline.PreviewPolicy) -> Action {
        if policy == .thumbnail, previewCount > 0 { return .skip }
        return .decode(policy: policy, needsDecoder: !hasDecoder)
    }
}
