// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Fetches the bytes of a resource, streaming them as they arrive.
///
/// Contract: `didReceiveData` may be called any number of times, in order; `completion` is called
/// exactly once, after the last chunk, with `nil` on success. After ``Cancellable/cancel()`` a
/// loader should stop promptly; it may still call `completion` (the pipeline ignores it).
public protocol DataLoading: Sendable {
    /// Starts loading.
    ///
    /// - Parameters:
    ///   - request: What to load.
    ///   - didReceiveData: Receives each chunk with the response it belongs to.
    ///   - completion: Receives `nil` on success or the error that ended the load.
    /// - Returns: A handle that cancels the load.
    func loadData(
        with request: DataRequest,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable

    /// Starts loading, asking `redirectDecision` before following each redirect (on top of the
    /// loader's own redirect rules). The pipeline calls this with the delegate's
    /// ``ImagePipeline/Delegate/redirectDecision(for:pipeline:)``.
    ///
    /// The default implementation serves loaders that cannot ask: with no decision it calls
    /// ``loadData(with:didReceiveData:completion:)``; with one it fails the load with
    /// ``DataLoadingError/redirectDecisionUnsupported`` rather than follow redirects unchecked.
    /// `NukeCurl` and `NukeURLSession` implement it.
    func loadData(
        with request: DataRequest,
        redirectDecision: RedirectDecision?,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable

    /// Ends the loader's threads and connections once no load is running; called by
    /// ``ImagePipeline/shutdown(cancellingTasks:)``. A loader shared by several pipelines must
    /// stay usable afterwards (a later load may start its threads again). Does nothing by default.
    func shutdown() async
}

extension DataLoading {
    /// Does nothing: the loader has no threads or connections of its own.
    public func shutdown() async {}

    /// Loads without asking when there is no decision; fails the load with
    /// ``DataLoadingError/redirectDecisionUnsupported`` when there is one (fail closed).
    public func loadData(
        with request: DataRequest,
        redirectDecision: RedirectDecision?,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        guard redirectDecision == nil else {
            completion(DataLoadingError.redirectDecisionUnsupported)
            return CompletedLoad()
        }
        return loadData(with: request, didReceiveData: didReceiveData, completion: completion)
    }
}

/// A loader that asks redirect decisions: it implements
/// ``DataLoading/loadData(with:redirectDecision:didReceiveData:completion:)``, and loading without
/// a decision forwards to it.
public protocol RedirectDecidingDataLoading: DataLoading {}

extension RedirectDecidingDataLoading {
    /// Loads with no redirect decision: the loader's own rules decide.
    public func loadData(
        with request: DataRequest,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        loadData(with: request, redirectDecision: nil, didReceiveData: didReceiveData, completion: completion)
    }
}

/// The handle of a load that ended before it started.
private struct CompletedLoad: Cancellable {
    func cancel() {}
}

/// Something that can be cancelled, such as a running load.
public protocol Cancellable: Sendable {
    /// Cancels the work; calling it again does nothing.
    func cancel()
}

/// Errors about where data comes from: bad URLs, missing files, rejected responses.
public enum DataLoadingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The request has no URL, or the URL string could not be parsed.
    case invalidURL(String?)
    /// A `data:` URL does not follow RFC 2397; `reason` says where.
    case malformedDataURL(reason: String)
    /// A `file:` URL names no readable file.
    case fileNotFound(path: String)
    /// A `file:` URL names something that could not be read.
    case fileReadFailed(path: String, reason: String)
    /// The server answered with a status code the loader does not accept.
    case statusCodeUnacceptable(Int)
    /// The delegate decides redirects (``ImagePipeline/Delegate/redirectDecision(for:pipeline:)``)
    /// and the loader cannot ask it, so the load was not started.
    case redirectDecisionUnsupported

    /// A sentence describing the problem.
    public var description: String {
        switch self {
        case .invalidURL(let url): "Invalid URL: \(url ?? "nil")"
        case .malformedDataURL(let reason): "Malformed data: URL: \(reason)"
        case .fileNotFound(let path): "File not found: \(path)"
        case let .fileReadFailed(path, reason): "Could not read \(path): \(reason)"
        case .statusCodeUnacceptable(let code): "Response status code \(code) was unacceptable"
        case .redirectDecisionUnsupported:
            "The loader cannot ask the delegate's redirect decision, so it did not load (fail closed)"
        }
    }
}
