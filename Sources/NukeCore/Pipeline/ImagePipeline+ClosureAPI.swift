// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Dispatch

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ImagePipeline {
    /// Loads an image and calls `completion` on ``Configuration/callbackQueue``.
    ///
    /// - Parameters:
    ///   - request: What to load.
    ///   - progress: Called with a preview response, or with `nil` and the bytes received and
    ///     expected, as they happen.
    ///   - completion: Called once with the result. A task cancelled before it finishes calls
    ///     neither closure again (cancelling after it finished changes nothing).
    /// - Returns: The task, to cancel or re-prioritise it.
    @discardableResult
    public nonisolated func loadImage(
        with request: ImageRequest,
        progress: (@Sendable (_ preview: ImageResponse?, _ completed: Int64, _ total: Int64) -> Void)? = nil,
        completion: @escaping @Sendable (Result<ImageResponse, Error>) -> Void
    ) -> ImageTask {
        let queue = callbackQueue
        return makeTask(request: request, kind: .image) { task, event in
            queue.async {
                switch event {
                case .progress(let value) where !task.isCancelled: progress?(nil, value.completed, value.total)
                case .preview(let response) where !task.isCancelled:
                    progress?(response, task.status.progress.completed, task.status.progress.total)
                case .finished(let result) where !result.isCancellation: completion(result)
                default: break
                }
            }
        }
    }

    /// Loads the image at `url` and calls `completion` on ``Configuration/callbackQueue``.
    @discardableResult
    public nonisolated func loadImage(
        with url: URL?,
        completion: @escaping @Sendable (Result<ImageResponse, Error>) -> Void
    ) -> ImageTask {
        loadImage(with: ImageRequest(url: url), completion: completion)
    }

    /// Loads raw data and calls `completion` on ``Configuration/callbackQueue``.
    ///
    /// - Parameters:
    ///   - request: What to load.
    ///   - progress: Called with the bytes received and expected.
    ///   - completion: Called once with the data and the loader's response.
    @discardableResult
    public nonisolated func loadData(
        with request: ImageRequest,
        progress: (@Sendable (_ completed: Int64, _ total: Int64) -> Void)? = nil,
        completion: @escaping @Sendable (Result<(data: Data, response: DataResponse?), Error>) -> Void
    ) -> ImageTask {
        let queue = callbackQueue
        return makeTask(request: request, kind: .data) { task, event in
            queue.async {
                switch event {
                case .progress(let value) where !task.isCancelled: progress?(value.completed, value.total)
                case .finished(let result) where !result.isCancellation:
                    completion(result.map { ($0.container.data ?? Data(), $0.dataResponse) })
                default: break
                }
            }
        }
    }
}

extension Result<ImageResponse, ImagePipeline.Error> {
    /// `true` for a task that ended because it was cancelled: completion closures are not called
    /// for those. A task cancelled after it finished keeps (and reports) its result.
    fileprivate var isCancellation: Bool {
        if case .failure(.cancelled) = self { true } else { false }
    }
}
