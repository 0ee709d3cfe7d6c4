// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// What a finished (or preview) image load produced.
///
/// Copy-on-write: the fields live in one shared box, so passing a response through the job graph,
/// the task's result and its event streams copies a single reference.
public struct ImageResponse: Sendable {
    private var storage: Storage

    /// The decoded and processed image with its metadata.
    public var container: ImageContainer {
        get { storage.container }
        set { mutate { $0.container = newValue } }
    }

    /// The request that produced it.
    public var request: ImageRequest {
        get { storage.request }
        set { mutate { $0.request = newValue } }
    }

    /// The response of the data loader, or `nil` when the image came from a cache or a closure.
    public var dataResponse: DataResponse? {
        get { storage.dataResponse }
        set { mutate { $0.dataResponse = newValue } }
    }

    /// Which cache served the image, or `nil` if it was loaded from its source.
    public var cacheType: CacheType? {
        get { storage.cacheType }
        set { mutate { $0.cacheType = newValue } }
    }

    /// The image, for convenience.
    public var image: Bitmap { container.image }

    /// `true` for a progressive preview.
    public var isPreview: Bool { container.isPreview }

    /// Creates a response.
    public init(
        container: ImageContainer,
        request: ImageRequest,
        dataResponse: DataResponse? = nil,
        cacheType: CacheType? = nil
    ) {
        storage = Storage(container: container, request: request, dataResponse: dataResponse, cacheType: cacheType)
    }

    private mutating func mutate(_ body: (Storage) -> Void) {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(
                container: storage.container,
                request: storage.request,
                dataResponse: storage.dataResponse,
                cacheType: storage.cacheType
            )
        }
        body(storage)
    }

    // @unchecked: mutated only while uniquely referenced (copy-on-write in `mutate`).
    private final class Storage: @unchecked Sendable {
        var container: ImageContainer
        var request: ImageRequest
        var dataResponse: DataResponse?
        var cacheType: CacheType?

        init(container: ImageContainer, request: ImageRequest, dataResponse: DataResponse?, cacheType: CacheType?) {
            self.container = container
            self.request = request
            self.dataResponse = dataResponse
            self.cacheType = cacheType
        }
    }

    /// The cache an image was served from.
    public enum CacheType: Hashable, Sendable {
        /// The memory cache (``ImageCaching``).
        case memory
        /// The disk cache (``DataCaching``).
        case disk
    }
}
