// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A processor that reduces the image, so it can start from a smaller decode ("shrink-on-load").
///
/// When a request's first processor conforms, the pipeline asks the decoder for an image no
/// smaller than ``minimumInputSize(width:height:)``, which decoders that scale while
/// decoding (JPEG's DCT scaling, WebP's scaled decoding) make for a fraction of the cost of the
/// full image. The decoded container then carries the full image's size in
/// ``ImageContainer/originalPixelSize``, and ``ImageProcessing/process(_:context:)`` must compute its output
/// geometry from that size — not from the smaller bitmap — so the result has exactly the size
/// and framing it has from a full decode. `Resize` in NukeProcessors is the model.
///
/// Turn it off per pipeline with ``ImagePipeline/Configuration/isShrinkOnLoadEnabled`` or per
/// request with ``ImageRequest/Options/disableShrinkOnLoad``.
public protocol ImageDownscaling: ImageProcessing {
    /// The smallest upright image, in pixels, from which this processor makes its output for a
    /// full image of `width × height` pixels, or `nil` when it needs the full image (it would
    /// not reduce this one).
    ///
    /// - Parameters:
    ///   - width: The full image's upright width in pixels.
    ///   - height: The full image's upright height in pixels.
    func minimumInputSize(width: Int, height: Int) -> (width: Int, height: Int)?

    /// Whether any decode-time scale the decoder has will do (JPEG's n/8 for every n), as long as
    /// the image is at least ``minimumInputSize(width:height:)``. `false` by default: decoders
    /// then reduce by powers of two only, the factors the resampler's own area reduction uses, so
    /// the processor's filter runs over the same factor as after a full decode. A processor that
    /// trades that for speed, as thumbnailers do, returns `true`.
    var acceptsAnyDecodeScale: Bool { get }
}

extension ImageDownscaling {
    /// `false`: reductions by powers of two only.
    public var acceptsAnyDecodeScale: Bool { false }
}

extension ImageProcessors.Composition: ImageDownscaling {
    /// The first processor's minimum input size when it is an ``ImageDownscaling``; else `nil`.
    public func minimumInputSize(width: Int, height: Int) -> (width: Int, height: Int)? {
        guard let first = processors.first as? any ImageDownscaling else { return nil }
        return first.minimumInputSize(width: width, height: height)
    }

    /// The first processor's choice when it is an ``ImageDownscaling``.
    public var acceptsAnyDecodeScale: Bool {
        (processors.first as? any ImageDownscaling)?.acceptsAnyDecodeScale ?? false
    }
}
