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
}

extension ImageProcessors.Composition: ImageDownscaling {
    /// The first processor's minimum input size when it is an ``ImageDownscaling``; else `nil`.
    public func minimumInputSize(width: Int, height: Int) -> (width: Int, height: Int)? {
        guard let first = processors.first as? any ImageDownscaling else { return nil }
        return first.minimumInputSize(width: width, height: height)
    }
}
