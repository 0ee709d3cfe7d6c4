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
    ///   - completion: Called once with the result. After ``ImageTask/cancel()`` no callback fires.
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
                guard !task.isCancelled else { return }
                switch event {
                case .progress(let value): progress?(nil, value.completed, value.total)
                case .preview(let response):
                    progress?(response, task.status.progress.completed, task.status.progress.total)
                case .finished(let result): completion(result)
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
                guard !task.isCancelled else { return }
                switch event {
                case .progress(let value): progress?(value.completed, value.total)
                case .preview: break
                case .finished(let result):
                    completion(result.map { ($0.container.data ?? Data(), $0.dataResponse) })
                }
            }
        }
    }
}
