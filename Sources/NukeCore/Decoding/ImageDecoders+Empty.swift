// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ImageDecoders {
    /// A decoder that decodes nothing: it returns an empty image with the data attached.
    ///
    /// Useful for pipelines that only move bytes (prefetching to disk, proxies) and in benchmarks
    /// measuring pipeline overhead.
    public struct Empty: ImageDecoding {
        /// The type to report, if known.
        public let assetType: AssetType?
        /// Whether to return a preview for partial data.
        public let isProgressive: Bool

        /// `false`: there is nothing to decode, so it runs inline on the pipeline actor.
        public var isAsynchronous: Bool { false }

        /// Creates the decoder.
        public init(assetType: AssetType? = nil, isProgressive: Bool = false) {
            self.assetType = assetType
            self.isProgressive = isProgressive
        }

        /// Returns an empty image with `data` attached.
        public func decode(_ data: Data) throws -> ImageContainer {
            ImageContainer(image: .empty, type: assetType, data: data)
        }

        /// Returns an empty preview with `data` attached, if progressive.
        public func decodePartiallyDownloadedData(_ data: Data) -> ImageContainer? {
            isProgressive ? ImageContainer(image: .empty, type: assetType, isPreview: true, data: data) : nil
        }
    }
}
