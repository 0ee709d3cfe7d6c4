/// Identifies a download: the real source (never the user-set `imageID`) and everything that
/// changes what the server returns (method, headers, cache policy). Requests that differ only in
/// processors, thumbnail, priority or options share it.
struct FetchOriginalDataKey: Hashable {
    let sourceID: String?
    let dataRequest: DataRequestKey?

    struct DataRequestKey: Hashable {
        let method: String
        let headers: HTTPHeaderFields
        let cachePolicy: DataRequest.CachePolicy
    }

    init(_ request: ImageRequest) {
        sourceID = request.originalImageID
        dataRequest = request.urlRequest.map {
            DataRequestKey(method: $0.httpMethod, headers: $0.headers, cachePolicy: $0.cachePolicy)
        }
    }
}

/// Identifies a decode: the download plus what changes the decoded image (scale, thumbnail).
struct FetchOriginalImageKey: Hashable {
    let data: FetchOriginalDataKey
    let scale: Double
    let thumbnail: ThumbnailOptions?

    init(_ request: ImageRequest) {
        data = FetchOriginalDataKey(request)
        scale = request.scale
        thumbnail = request.thumbnail
    }
}

/// Identifies a processed image load: the decode plus the processors (by hashable identifier),
/// the cache identity and the options. Priority takes no part.
struct LoadImageKey: Hashable {
    let image: FetchOriginalImageKey
    let imageID: String?
    let options: ImageRequest.Options
    let processors: [any ImageProcessing]

    init(_ request: ImageRequest) {
        image = FetchOriginalImageKey(request)
        imageID = request.imageID
        options = request.options
        processors = request.processors
    }

    static func == (lhs: LoadImageKey, rhs: LoadImageKey) -> Bool {
        lhs.image == rhs.image && lhs.imageID == rhs.imageID && lhs.options == rhs.options
            && lhs.processors.isEquivalent(to: rhs.processors)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(image)
        hasher.combine(imageID)
        hasher.combine(options)
        processors.hashIdentifiers(into: &hasher)
    }
}

/// Identifies a data-only load.
struct LoadDataKey: Hashable {
    let data: FetchOriginalDataKey
    let imageID: String?
    let options: ImageRequest.Options

    init(_ request: ImageRequest) {
        data = FetchOriginalDataKey(request)
        imageID = request.imageID
        options = request.options
    }
}
