// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Everything the pipeline needs to load one image: where from, how to process it, how urgently,
/// and which caches it may use.
///
/// A small value with copy-on-write storage (`MemoryLayout<ImageRequest>.size` is 16 bytes), so
/// creating and copying requests is cheap.
///
/// ```swift
/// let request = ImageRequest(
///     url: URL(string: "https://example.com/photo.jpg"),
///     processors: [.resize(width: 320)],
///     priority: .high
/// )
/// ```
public struct ImageRequest: Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    private var ref: Storage

    /// How urgently the request is served; see ``Priority-swift.enum``. Changing it on a started
    /// task goes through ``ImageTask/priority``.
    public var priority: Priority

    /// Which caches and queues the request may use.
    public var options: Options

    // MARK: Initialisers

    /// Creates a request for a URL.
    ///
    /// - Parameters:
    ///   - url: The image's address; `nil` makes the task fail with a typed error.
    ///   - processors: Processors applied in order after decoding.
    ///   - priority: How urgently to serve the request.
    ///   - options: Cache and queue options.
    public init(
        url: URL?,
        processors: [any ImageProcessing] = [],
        priority: Priority = .normal,
        options: Options = []
    ) {
        self.ref = Storage(resource: .url(url), processors: processors)
        self.priority = priority
        self.options = options
    }

    /// Creates a request from a ``DataRequest`` (method, headers, timeout, cache policy).
    public init(
        urlRequest: DataRequest,
        processors: [any ImageProcessing] = [],
        priority: Priority = .normal,
        options: Options = []
    ) {
        self.ref = Storage(resource: .dataRequest(urlRequest), processors: processors)
        self.priority = priority
        self.options = options
    }

    /// Creates a request whose bytes come from an async closure instead of a loader.
    ///
    /// The data goes through decoding, processing and caching like downloaded data.
    ///
    /// - Parameters:
    ///   - id: Identifies the image in caches and for coalescing.
    ///   - data: Produces the encoded image; called at most once per load.
    ///   - processors: Processors applied to the decoded image, in order.
    ///   - priority: The initial priority.
    ///   - options: Cache and loading options.
    public init(
        id: String,
        data: @escaping @Sendable () async throws -> Data,
        processors: [any ImageProcessing] = [],
        priority: Priority = .normal,
        options: Options = []
    ) {
        self.ref = Storage(resource: .dataClosure(id: id, data), processors: processors)
        self.priority = priority
        self.options = options
    }

    /// Creates a request whose image comes decoded from an async closure.
    ///
    /// Decoding is skipped; processors and the memory cache still apply. Such images are never
    /// written to the disk cache as original data.
    public init(
        id: String,
        image: @escaping @Sendable () async throws -> ImageContainer,
        processors: [any ImageProcessing] = [],
        priority: Priority = .normal,
        options: Options = []
    ) {
        self.ref = Storage(resource: .imageClosure(id: id, image), processors: processors)
        self.priority = priority
        self.options = options
    }

    /// Creates a request from a URL string; an invalid string makes the task fail.
    public init(stringLiteral value: String) {
        self.init(url: URL(string: value))
    }

    // MARK: Properties

    /// Processors applied in order after decoding.
    public var processors: [any ImageProcessing] {
        get { ref.processors }
        set { mutate { $0.processors = newValue } }
    }

    /// The key the caches use; by default the URL string (or the closure `id`).
    ///
    /// Set it to share cache entries between URLs that differ only by transient parts, such as
    /// signed query tokens. Coalescing of downloads still uses the real URL.
    public var imageID: String? {
        get { ref.imageIDOverride ?? ref.originalImageID }
        set { mutate { $0.imageIDOverride = newValue } }
    }

    /// Decode a thumbnail instead of the full image, which is much faster for large images.
    public var thumbnail: ThumbnailOptions? {
        get { ref.thumbnail }
        set { mutate { $0.thumbnail = newValue } }
    }

    /// The scale of the image the request is for, 1 by default; part of the memory-cache key, as in
    /// Nuke. Processors and thumbnail options take their sizes in pixels when they are made (a point
    /// is ``ImageProcessingOptions/screenScale`` pixels), so it does not change them.
    public var scale: Double {
        get { ref.scale }
        set { mutate { $0.scale = newValue } }
    }

    /// Anything the caller wants to pass to delegates and custom components.
    public var userInfo: [UserInfoKey: any Sendable] {
        get { ref.userInfo }
        set { mutate { $0.userInfo = newValue } }
    }

    /// Limits that replace the pipeline's for this request; none by default.
    public var limits: Limits {
        get { ref.limits }
        set { mutate { $0.limits = newValue } }
    }

    /// What the pipeline does with the colour profile of the image decoded for this request, in
    /// place of its configuration's ``ImagePipeline/Configuration/colorManagement``; `nil` (the
    /// default) leaves the pipeline's. Part of the memory- and disk-cache keys when set: the
    /// same image converted to sRGB and kept in its own profile are different pixels.
    public var colorManagement: ColorManagementPolicy? {
        get { ref.colorManagement }
        set { mutate { $0.colorManagement = newValue } }
    }

    /// The URL, if the request has one.
    public var url: URL? {
        switch ref.resource {
        case .url(let url): url
        case .dataRequest(let request): request.url
        case .dataClosure, .imageClosure: nil
        }
    }

    /// The data request the loader receives, if the request loads from a URL.
    public var urlRequest: DataRequest? {
        switch ref.resource {
        case .url(let url): url.map { DataRequest(url: $0) }
        case .dataRequest(let request): request
        case .dataClosure, .imageClosure: nil
        }
    }

    /// `ImageRequest(resource: …, priority: …, processors: […], options: …, userInfo: […])`, as Nuke
    /// prints it; the resource is the URL (or `nil`) or the closure's `id`.
    public var description: String {
        "ImageRequest(resource: \(ref.originalImageID ?? "nil"), priority: \(priority), "
            + "processors: \(processors), options: \(options), userInfo: \(userInfo))"
    }

    // MARK: Internals

    var resource: Resource { ref.resource }

    /// The real source's identity (URL string or closure id), never the user-set `imageID`.
    var originalImageID: String? { ref.originalImageID }

    /// `true` if the request has processors or a thumbnail (counts as "processed" for caching).
    var isProcessed: Bool { !ref.processors.isEmpty || ref.thumbnail != nil }

    /// `true` if `other` is an unchanged copy of this request (same storage, priority, options).
    func isCopy(of other: ImageRequest) -> Bool {
        ref === other.ref && priority == other.priority && options == other.options
    }

    private mutating func mutate(_ body: (Storage) -> Void) {
        if !isKnownUniquelyReferenced(&ref) {
            ref = Storage(copying: ref)
        }
        body(ref)
    }

    /// Returns a copy with processors removed (and optionally the thumbnail).
    func withoutProcessors(keepingThumbnail: Bool = true) -> ImageRequest {
        var copy = self
        copy.processors = []
        if !keepingThumbnail { copy.thumbnail = nil }
        return copy
    }

    /// The request for the source's bytes alone: no processors, thumbnail or colour management,
    /// none of which changes what is downloaded or stored as the original data.
    func forOriginalData() -> ImageRequest {
        var copy = withoutProcessors(keepingThumbnail: false)
        copy.colorManagement = nil
        return copy
    }

    /// Returns a copy without its last processor.
    func droppingLastProcessor() -> ImageRequest {
        var copy = self
        copy.processors = Array(processors.dropLast())
        return copy
    }

    /// The processor the decode of this (unprocessed) request is for, when the decoder may shrink
    /// the image on load for it. Set only on the requests the pipeline makes internally.
    var shrinkOnLoadFor: (any ImageDownscaling)? {
        get { ref.shrinkOnLoadFor }
        set { mutate { $0.shrinkOnLoadFor = newValue } }
    }

    /// The request whose result the last processor processes: this one without it. When that
    /// leaves no processor, the removed one reduces the image and nothing turns it off, its
    /// decode may shrink on load for that processor.
    func droppingLastProcessor(isShrinkOnLoadEnabled: Bool) -> ImageRequest {
        var copy = droppingLastProcessor()
        if isShrinkOnLoadEnabled, copy.processors.isEmpty, thumbnail == nil,
            !options.contains(.disableShrinkOnLoad),
            let downscaler = processors.last as? any ImageDownscaling
        {
            copy.shrinkOnLoadFor = downscaler
        }
        return copy
    }
}

extension ImageRequest {
    enum Resource: Sendable {
        case url(URL?)
        case dataRequest(DataRequest)
        case dataClosure(id: String, @Sendable () async throws -> Data)
        case imageClosure(id: String, @Sendable () async throws -> ImageContainer)
    }

    final class Storage: @unchecked Sendable {
        // @unchecked: mutated only while uniquely referenced (copy-on-write in `mutate`),
        // so no two threads ever see a mutation of a shared instance.
        let resource: Resource
        let originalImageID: String?
        var processors: [any ImageProcessing]
        var imageIDOverride: String?
        var thumbnail: ThumbnailOptions?
        var scale: Double = 1
        var userInfo: [UserInfoKey: any Sendable] = [:]
        var limits = Limits()
        var colorManagement: ColorManagementPolicy?
        var shrinkOnLoadFor: (any ImageDownscaling)?

        init(resource: Resource, processors: [any ImageProcessing]) {
            self.resource = resource
            self.processors = processors
            switch resource {
            case .url(let url): originalImageID = url?.absoluteString
            case .dataRequest(let request): originalImageID = Self.imageID(of: request)
            case .dataClosure(let id, _), .imageClosure(let id, _): originalImageID = id
            }
        }

        /// The URL string; for a request with a body or a method other than `GET`, followed by the
        /// method and the SHA-256 of the body, so that different bodies are different images.
        private static func imageID(of request: DataRequest) -> String {
            let url = request.url.absoluteString
            let method = request.httpMethod.uppercased()
            guard method != "GET" || request.httpBody != nil else { return url }
            let digest = (request.httpBody ?? Data()).withUnsafeBytes { SHA256.hexDigest(of: $0) }
            return "\(url) \(method) \(digest)"
        }

        init(copying other: Storage) {
            resource = other.resource
            originalImageID = other.originalImageID
            processors = other.processors
            imageIDOverride = other.imageIDOverride
            thumbnail = other.thumbnail
            scale = other.scale
            userInfo = other.userInfo
            limits = other.limits
            colorManagement = other.colorManagement
            shrinkOnLoadFor = other.shrinkOnLoadFor
        }
    }
}
