// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Identifies a download: the real source (never the user-set `imageID`), everything that
/// changes what the server returns (method, headers, body, cache policy) and the size limit.
/// Requests that differ only in processors, thumbnail, priority or options share it.
struct FetchOriginalDataKey: Hashable {
    let sourceID: String?
    /// `nil` for a plain `GET` with no headers and the default cache policy (every `url:` request).
    let dataRequest: DataRequestKey?
    /// The request's own size limit (``ImageRequest/Limits``): a download stopped at one limit
    /// is not another request's.
    let maximumResponseDataSize: Int?

    struct DataRequestKey: Hashable {
        let method: String
        let headers: HTTPHeaderFields
        let body: Data?
        let cachePolicy: DataRequest.CachePolicy
        let maximumResponseSize: Int?
    }

    init(_ request: ImageRequest) {
        sourceID = request.originalImageID
        maximumResponseDataSize = request.limits.maximumResponseDataSize
        if case .dataRequest(let urlRequest) = request.resource {
            let key = DataRequestKey(
                method: urlRequest.httpMethod,
                headers: urlRequest.headers,
                body: urlRequest.httpBody,
                cachePolicy: urlRequest.cachePolicy,
                maximumResponseSize: urlRequest.maximumResponseSize
            )
            dataRequest = key == .plainGET ? nil : key
        } else {
            dataRequest = nil
        }
    }
}

extension FetchOriginalDataKey.DataRequestKey {
    /// What a request made from a URL alone asks for.
    static let plainGET = Self(
        method: "GET",
        headers: [:],
        body: nil,
        cachePolicy: .useProtocolCachePolicy,
        maximumResponseSize: nil
    )
}

/// Identifies a decode: the download plus what changes the decoded image (scale, thumbnail,
/// whether it may shrink on load, the request's colour management) or whether it is made at all
/// (the request's own pixel and frame limits).
///
/// Requests that may shrink the same image on load share one decode, whatever their processors,
/// until it starts: it then decodes at the largest size any of them needs and leaves the pool
/// (see Docs/Decisions/0018-shrink-on-load.md).
struct FetchOriginalImageKey: Hashable {
    let data: FetchOriginalDataKey
    let scale: Double
    let thumbnail: ThumbnailOptions?
    let shrinksOnLoad: Bool
    let maximumDecodedPixelCount: Int?
    let maximumAnimationFrameCount: Int?
    let colorManagement: ColorManagementPolicy?

    init(_ request: ImageRequest) {
        data = FetchOriginalDataKey(request)
        scale = request.scale
        thumbnail = request.thumbnail
        shrinksOnLoad = request.shrinkOnLoadFor != nil
        maximumDecodedPixelCount = request.limits.maximumDecodedPixelCount
        maximumAnimationFrameCount = request.limits.maximumAnimationFrameCount
        colorManagement = request.colorManagement
    }
}

/// Identifies a processed image load: the decode plus the processors (by hashable identifier),
/// the cache identity and the options. Priority takes no part.
package struct LoadImageKey: Hashable {
    let image: FetchOriginalImageKey
    let imageID: String?
    let options: ImageRequest.Options
    let processors: [any ImageProcessing]
    /// The processor an unprocessed image is decoded for when it may shrink on load.
    let shrinkOnLoadFor: (any ImageDownscaling)?

    package init(_ request: ImageRequest) {
        image = FetchOriginalImageKey(request)
        imageID = request.imageID
        options = request.options
        processors = request.processors
        shrinkOnLoadFor = request.shrinkOnLoadFor
    }

    package static func == (lhs: LoadImageKey, rhs: LoadImageKey) -> Bool {
        lhs.image == rhs.image && lhs.imageID == rhs.imageID && lhs.options == rhs.options
            && lhs.processors.isEquivalent(to: rhs.processors)
            && lhs.shrinkOnLoadFor?.hashableIdentifier == rhs.shrinkOnLoadFor?.hashableIdentifier
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(image)
        hasher.combine(imageID)
        hasher.combine(options)
        processors.hashIdentifiers(into: &hasher)
        hasher.combine(shrinkOnLoadFor?.hashableIdentifier)
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

/// A key with its hash computed once: a job pool hashes a key to find, insert and remove its
/// job, and hashing a key means hashing its URL strings, headers and processors each time.
struct Prehashed<Key: Hashable>: Hashable {
    let key: Key
    private let hash: Int

    init(_ key: Key) {
        self.key = key
        self.hash = key.hashValue
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hash == rhs.hash && lhs.key == rhs.key
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
