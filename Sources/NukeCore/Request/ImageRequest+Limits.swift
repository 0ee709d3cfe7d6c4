// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImageRequest {
    /// Resource limits for one request, each replacing the pipeline's setting of the same name
    /// for it (higher or lower); `nil` leaves the pipeline's.
    ///
    /// An image proxy that lets signed URLs redefine its limits (imgproxy's `max_src_resolution`
    /// and friends) sets them per request; requests with different limits never share a download
    /// or a decode, so one request's limit never applies to another's work.
    ///
    /// ```swift
    /// var request = ImageRequest(url: URL(string: "https://example.com/huge.jpg"))
    /// request.limits.maximumDecodedPixelCount = 100_000_000
    /// ```
    public struct Limits: Hashable, Sendable {
        /// The most bytes the source may have; replaces
        /// ``ImagePipeline/Configuration/maximumResponseDataSize``. A loader's own limit, if
        /// smaller, still applies.
        public var maximumResponseDataSize: Int?
        /// The most pixels a decoded image (each frame of an animation) may have; replaces
        /// ``ImagePipeline/Configuration/maximumDecodedPixelCount``.
        public var maximumDecodedPixelCount: Int?
        /// The most frames an animation may have; replaces
        /// ``ImagePipeline/Configuration/maximumAnimationFrameCount``.
        public var maximumAnimationFrameCount: Int?

        /// Limits; those not given are the pipeline's.
        public init(
            maximumResponseDataSize: Int? = nil,
            maximumDecodedPixelCount: Int? = nil,
            maximumAnimationFrameCount: Int? = nil
        ) {
            self.maximumResponseDataSize = maximumResponseDataSize
            self.maximumDecodedPixelCount = maximumDecodedPixelCount
            self.maximumAnimationFrameCount = maximumAnimationFrameCount
        }
    }
}

extension ImagePipeline.Configuration {
    /// The most bytes `request`'s source may have: its own limit, else the pipeline's.
    public func maximumResponseDataSize(for request: ImageRequest) -> Int? {
        request.limits.maximumResponseDataSize ?? maximumResponseDataSize
    }

    /// The most pixels an image decoded or processed for `request` may have: its own limit, else
    /// the pipeline's.
    public func maximumDecodedPixelCount(for request: ImageRequest) -> Int {
        request.limits.maximumDecodedPixelCount ?? maximumDecodedPixelCount
    }

    /// The most frames an animation loaded or encoded for `request` may have: its own limit,
    /// else the pipeline's.
    public func maximumAnimationFrameCount(for request: ImageRequest) -> Int {
        request.limits.maximumAnimationFrameCount ?? maximumAnimationFrameCount
    }
}
