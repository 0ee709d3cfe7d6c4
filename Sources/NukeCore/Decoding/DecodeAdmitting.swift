// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// Decides when a decode may start, by the memory it will hold
/// (``ImagePipeline/Configuration/decodeAdmission``). The pipeline asks before each final decode,
/// once the data is complete and a decoder chosen, off the worker threads; the decode waits until
/// admitted, and a refusal fails the request with
/// ``ImagePipeline/Error/decodingFailed(decoder:context:error:)`` carrying the thrown error.
public protocol DecodeAdmitting: Sendable {
    /// Waits until a decode that holds about `estimatedBytes` may start, and returns what holds
    /// them; throws to refuse it (cancellation of the waiting request included).
    ///
    /// - Parameters:
    ///   - context: the decode: its request, its data, its limits.
    ///   - estimatedBytes: the decoder's estimate from the header
    ///     (``ImageDecoding/estimatedMemory(for:)``), else the context's
    ///     ``ImageDecodingContext/memoryBudget``.
    func admit(_ context: ImageDecodingContext, estimatedBytes: Int) async throws -> DecodeReservation
}

/// Memory admitted for one decode. The pipeline keeps it in the decoded image's `userInfo`
/// (``UserInfoKey/decodeReservationKey``), so it is given back when the last copy of that image
/// and of the images processed from it is freed; or earlier, by ``release()``. The memory cache
/// never keeps it.
public final class DecodeReservation: Sendable {
    private let onRelease: Mutex<(@Sendable () -> Void)?>

    /// A reservation that calls `release` once, when released or freed.
    public init(release: @escaping @Sendable () -> Void) {
        self.onRelease = Mutex(release)
    }

    /// Gives the memory back now (once; later calls do nothing).
    public func release() {
        onRelease.withLock { $0.take() }?()
    }

    deinit {
        release()
    }
}

extension UserInfoKey {
    /// The ``DecodeReservation`` of the decode an image comes from, when the pipeline has a
    /// ``ImagePipeline/Configuration/decodeAdmission``.
    public static let decodeReservationKey: UserInfoKey = "nuke.decode-reservation"
}
