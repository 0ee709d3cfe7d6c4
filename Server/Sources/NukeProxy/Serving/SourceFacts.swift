// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
public import Nuke

/// What the proxy knows of a result's source: its size in pixels and in bytes, and the origin's
/// caching headers. Recorded when the source is decoded (``SourceFactsDecoder``), carried by the
/// decoded image through the pipeline's caches, and kept with each result in the result cache, so
/// that a result served from a cache carries the same headers as a new one.
public struct SourceFacts: Codable, Hashable, Sendable {
    /// The decoded source's full width and height in pixels (before any shrink-on-load).
    public var width: Int
    /// See ``width``.
    public var height: Int
    /// The source's encoded length.
    public var byteCount: Int
    /// Its frames: more than 1 for an animation.
    public var frameCount: Int
    /// The origin's `Last-Modified`, when it sent one.
    public var lastModified: String?
    /// The origin's `Cache-Control`, when it sent one.
    public var cacheControl: String?
    /// The origin's `Expires`, when it sent one.
    public var expires: String?

    /// Facts of a source.
    public init(
        width: Int,
        height: Int,
        byteCount: Int,
        frameCount: Int = 1,
        lastModified: String? = nil,
        cacheControl: String? = nil,
        expires: String? = nil
    ) {
        self.width = width
        self.height = height
        self.byteCount = byteCount
        self.frameCount = frameCount
        self.lastModified = lastModified
        self.cacheControl = cacheControl
        self.expires = expires
    }

    /// The facts of `container`, decoded from `byteCount` bytes that `response` answered.
    init(decoded container: ImageContainer, byteCount: Int, response: DataResponse?) {
        let full = container.originalPixelSize ?? (container.image.width, container.image.height)
        self.init(
            width: full.width,
            height: full.height,
            byteCount: byteCount,
            frameCount: container.animation?.frameCount ?? 1,
            lastModified: response?.headers["Last-Modified"],
            cacheControl: response?.headers["Cache-Control"],
            expires: response?.headers["Expires"]
        )
    }
}

extension UserInfoKey {
    /// The ``SourceFacts`` of a decoded image (``SourceFactsDecoder``).
    public static let proxySourceFactsKey: UserInfoKey = "nuke-server.source-facts"
}

/// A decoder that records on what it decodes the ``SourceFacts`` of its input, under
/// ``Nuke/UserInfoKey/proxySourceFactsKey``; everything else is the wrapped decoder's.
struct SourceFactsDecoder: ImageDecoding {
    let decoder: any ImageDecoding
    let response: DataResponse?

    var isAsynchronous: Bool { decoder.isAsynchronous }

    func decode(_ data: Data) throws -> ImageContainer {
        var container = try decoder.decode(data)
        container.userInfo[.proxySourceFactsKey] = SourceFacts(
            decoded: container,
            byteCount: data.count,
            response: response
        )
        return container
    }

    func decodePartiallyDownloadedData(_ data: Data) -> ImageContainer? {
        decoder.decodePartiallyDownloadedData(data)
    }

    func estimatedMemory(for data: Data) -> Int? {
        decoder.estimatedMemory(for: data)
    }
}

extension PluginRegistry {
    /// Wraps every decoder registered so far so that what it decodes carries its
    /// ``SourceFacts``, which the proxy's `Last-Modified`, `Cache-Control` pass-through and debug
    /// headers read. Call it after the last decoder is installed; ``ImageProxy``'s own pipeline
    /// does. Without it those headers are not sent.
    public mutating func recordSourceFacts() {
        let decoders = self
        let factory: Capabilities.Decoding.Provider = { context in
            decoders.decoder(for: context).map { SourceFactsDecoder(decoder: $0, response: context.dataResponse) }
        }
        register(
            Capabilities.Decoding.self,
            id: "nuke-server.source-facts",
            for: keys(Capabilities.Decoding.self),
            factory
        )
        register(Capabilities.Decoding.self, id: "nuke-server.source-facts.any", for: [], factory)
    }
}
