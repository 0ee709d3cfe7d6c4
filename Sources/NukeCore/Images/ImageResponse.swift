/// What a finished (or preview) image load produced.
public struct ImageResponse: Sendable {
    /// The decoded and processed image with its metadata.
    public var container: ImageContainer
    /// The request that produced it.
    public var request: ImageRequest
    /// The response of the data loader, or `nil` when the image came from a cache or a closure.
    public var dataResponse: DataResponse?
    /// Which cache served the image, or `nil` if it was loaded from its source.
    public var cacheType: CacheType?

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
        self.container = container
        self.request = request
        self.dataResponse = dataResponse
        self.cacheType = cacheType
    }

    /// The cache an image was served from.
    public enum CacheType: Hashable, Sendable {
        /// The memory cache (``ImageCaching``).
        case memory
        /// The disk cache (``DataCaching``).
        case disk
    }
}
