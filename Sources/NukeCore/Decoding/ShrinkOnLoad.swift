// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// What a decode may shrink to: the first processors (``ImageDownscaling``) of the requests a
/// decode serves. Set on ``ImageDecodingContext/shrinkOnLoad`` by the pipeline.
///
/// A decoder that can scale while decoding asks ``minimumSize(width:height:)`` for the smallest
/// image it may return, decodes at the smallest scale it supports that is at least that large,
/// and records the full size in ``ImageContainer/originalPixelSize`` (``ImageDecodingContext/shrunk(_:originalWidth:originalHeight:)``
/// does both checks). Decoders that cannot scale ignore it and decode in full.
public struct ShrinkOnLoad: Sendable {
    /// The processors the decoded image is for; the decode must satisfy each of them.
    public var downscalers: [any ImageDownscaling]

    /// Creates the requirement of `downscalers`.
    public init(downscalers: [any ImageDownscaling]) {
        self.downscalers = downscalers
    }

    /// Whether every downscaler accepts any decode-time scale
    /// (``ImageDownscaling/acceptsAnyDecodeScale``); otherwise decoders reduce by powers of two.
    public var acceptsAnyScale: Bool {
        !downscalers.isEmpty && downscalers.allSatisfy(\.acceptsAnyDecodeScale)
    }

    /// The smallest upright size every downscaler accepts for a full image of `width × height`
    /// (the largest of their minimums in each dimension), or `nil` when one of them needs the
    /// full image or the minimum is not smaller than the image.
    public func minimumSize(width: Int, height: Int) -> (width: Int, height: Int)? {
        guard !downscalers.isEmpty, width > 0, height > 0 else { return nil }
        var result = (width: 1, height: 1)
        for downscaler in downscalers {
            guard let size = downscaler.minimumInputSize(width: width, height: height) else {
                return nil
            }
            result = (max(result.width, size.width), max(result.height, size.height))
        }
        guard result.width < width || result.height < height else { return nil }
        return (min(result.width, width), min(result.height, height))
    }
}
