// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
public import NukeImaging

extension ImageProcessors {
    /// Scales an image to fit or fill a size, optionally centre-cropping to it, with Nuke's rules:
    ///
    /// - The scale is `max(tw/w, th/h)` for `.aspectFill`, `min` for `.aspectFit`; the output is
    ///   `round(w·scale) × round(h·scale)`.
    /// - Without `upscale`, an image that would grow is returned unchanged.
    /// - With `crop` and `.aspectFill`, the result is centre-cropped to exactly the target; if that
    ///   would need upscaling and `upscale` is off, the image is instead cropped to the target's
    ///   aspect ratio at its own resolution. `crop` is ignored for `.aspectFit`.
    ///
    /// Resampling uses the core resampler (Lanczos3 by default), alpha-correct; gray stays gray.
    public struct Resize: ImageProcessing, Hashable, CustomStringConvertible {
        /// The target size in pixels (points are converted when the processor is made).
        public let size: ImageSize
        /// Fill or fit.
        public let contentMode: ImageProcessingOptions.ContentMode
        /// Whether to centre-crop to the target (`.aspectFill` only).
        public let crop: Bool
        /// Whether images smaller than the target are enlarged.
        public let upscale: Bool
        /// The resampling filter.
        public let filter: ResamplingFilter
        /// Which sides of ``size`` bound the output: ``init(width:unit:upscale:filter:)`` and
        /// ``init(height:unit:upscale:filter:)`` leave the other side free (its 9999 placeholder
        /// only keeps the identifier Nuke's).
        private let fit: Fit

        private enum Fit: Hashable {
            case size, width, height
        }

        /// Resizes to `size`, given in `unit`s.
        public init(
            size: ImageSize,
            unit: ImageProcessingOptions.Unit = .points,
            contentMode: ImageProcessingOptions.ContentMode = .aspectFill,
            crop: Bool = false,
            upscale: Bool = false,
            filter: ResamplingFilter = .lanczos3
        ) {
            self.init(
                size: size,
                unit: unit,
                contentMode: contentMode,
                crop: crop,
                upscale: upscale,
                filter: filter,
                fit: .size
            )
        }

        private init(
            size: ImageSize,
            unit: ImageProcessingOptions.Unit,
            contentMode: ImageProcessingOptions.ContentMode,
            crop: Bool,
            upscale: Bool,
            filter: ResamplingFilter,
            fit: Fit
        ) {
            self.size = ImageSize(width: unit.pixels(size.width), height: unit.pixels(size.height))
            self.contentMode = contentMode
            self.crop = crop
            self.upscale = upscale
            self.filter = filter
            self.fit = fit
        }

        /// Resizes to a width, keeping the aspect ratio; the height is not bounded.
        public init(
            width: Double,
            unit: ImageProcessingOptions.Unit = .points,
            upscale: Bool = false,
            filter: ResamplingFilter = .lanczos3
        ) {
            self.init(
                size: ImageSize(width: width, height: 9999),
                unit: unit,
                contentMode: .aspectFit,
                crop: false,
                upscale: upscale,
                filter: filter,
                fit: .width
            )
        }

        /// Resizes to a height, keeping the aspect ratio; the width is not bounded.
        public init(
            height: Double,
            unit: ImageProcessingOptions.Unit = .points,
            upscale: Bool = false,
            filter: ResamplingFilter = .lanczos3
        ) {
            self.init(
                size: ImageSize(width: 9999, height: height),
                unit: unit,
                contentMode: .aspectFit,
                crop: false,
                upscale: upscale,
                filter: filter,
                fit: .height
            )
        }

        /// `com.github.kean/nuke/resize?s=(w, h),cm=.mode,crop=b,upscale=b` with the size in
        /// pixels, as Nuke writes it, plus the filter when it is not the default.
        public var identifier: String {
            var identifier = "com.github.kean/nuke/resize?s=\(size),cm=\(contentMode),crop=\(crop),upscale=\(upscale)"
            if filter != .lanczos3 { identifier += ",filter=\(filter.rawValue)" }
            return identifier
        }

        /// `Resize(size: (w, h) pixels, contentMode: .mode, crop: b, upscale: b)`, as Nuke prints it.
        public var description: String {
            "Resize(size: \(size) pixels, contentMode: \(contentMode), crop: \(crop), upscale: \(upscale))"
        }

        /// Resizes the container's image. An image shrunk on load is resized to the geometry of its
        /// ``ImageContainer/originalPixelSize``, so the output is the one a full decode gives.
        public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
            let output = try resize(
                container.image,
                originalSize: container.originalPixelSize,
                maximumPixelCount: context.maximumPixelCount,
                kernel: context.resamplingKernel
            )
            var result = container.map { _ in output }
            result.originalPixelSize = nil
            return result
        }

        /// Resizes the image.
        public func process(_ image: Bitmap) -> Bitmap? {
            try? resize(image)
        }

        /// The resized image. An output (or, when cropping, the
        /// scaled image before the crop) over `maximumPixelCount` pixels throws
        /// `ImageProcessingError.outputTooLarge` before anything is allocated.
        ///
        /// - Parameters:
        ///   - originalSize: The size of the full image when `image` is a smaller decode of it
        ///     (shrink-on-load): the output geometry is computed from it.
        ///   - maximumPixelCount: The largest output allowed.
        ///   - kernel: The resampling kernel; `nil` for ``AVX2ResamplingKernel`` on processors
        ///     that have AVX2 (the same bytes either way).
        public func resize(
            _ image: Bitmap,
            originalSize: (width: Int, height: Int)? = nil,
            maximumPixelCount: Int = ImagePipeline.Configuration.defaultMaximumDecodedPixelCount,
            kernel: (any ResamplingKernel)? = nil
        ) throws -> Bitmap {
            let kernel = kernel ?? AVX2ResamplingKernel.whereAvailable
            let target = try targetPixelSize()
            guard image.width > 0, image.height > 0 else { return image }
            let source = originalSize ?? (image.width, image.height)
            let (width, height) = (Double(source.width), Double(source.height))
            let factor = scaleFactor(width: width, height: height, target: target)
            let isShrunk = source != (image.width, image.height)

            if crop, contentMode == .aspectFill {
                if factor > 1, !upscale {
                    // Crop to the target's aspect ratio at the full image's own resolution (an
                    // image shrunk on load is first brought back to it).
                    let canvas = (Int((target.width / factor).rounded()), Int((target.height / factor).rounded()))
                    let full = isShrunk ? try image.resampled(to: width, height, filter: filter, kernel: kernel) : image
                    return try full.centerCropped(width: canvas.0, height: canvas.1)
                }
                try Self.check(width * factor, height * factor, limit: maximumPixelCount)
                let scaled = try image.resampled(to: width * factor, height * factor, filter: filter, kernel: kernel)
                return try scaled.centerCropped(
                    width: Int(target.width.rounded()),
                    height: Int(target.height.rounded())
                )
            }
            if factor >= 1, !upscale {
                return isShrunk ? try image.resampled(to: width, height, filter: filter, kernel: kernel) : image
            }
            try Self.check(width * factor, height * factor, limit: maximumPixelCount)
            return try image.resampled(to: width * factor, height * factor, filter: filter, kernel: kernel)
        }

        /// The target in pixels; throws for one under a pixel or not finite.
        /// The target in pixels, the side ``fit`` leaves free unbounded; throws for one under a
        /// pixel or not finite.
        private func targetPixelSize() throws -> (width: Double, height: Double) {
            guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else {
                throw ImageProcessingError.invalidParameter(name: "size", reason: "\(size) is not at least one pixel")
            }
            switch fit {
            case .size: return (size.width, size.height)
            case .width: return (size.width, .infinity)
            case .height: return (.infinity, size.height)
            }
        }

        /// Nuke's scale: `max(tw/w, th/h)` to fill, `min` to fit.
        private func scaleFactor(width: Double, height: Double, target: (width: Double, height: Double)) -> Double {
            let horizontal = target.width / width
            let vertical = target.height / height
            return contentMode == .aspectFill ? max(horizontal, vertical) : min(horizontal, vertical)
        }

        /// Throws when a `width × height` resample (rounded as `resampled(to:_:filter:)` rounds)
        /// would exceed `limit` pixels.
        private static func check(_ width: Double, _ height: Double, limit: Int) throws {
            let (roundedWidth, roundedHeight) = (width.rounded(), height.rounded())
            guard roundedWidth < Double(Int.max / 2), roundedHeight < Double(Int.max / 2) else {
                throw ImageProcessingError.outputTooLarge(width: .max, height: .max, limit: limit)
            }
            try ImageProcessingError.checkOutputSize(
                width: max(1, Int(roundedWidth)),
                height: max(1, Int(roundedHeight)),
                limit: limit
            )
        }
    }
}

extension ImageProcessors.Resize: ImageDownscaling {
    /// How much larger than the resampled size (before any crop) a shrunk-on-load decode must
    /// be: three times, with decoders reducing by powers of two. The DCT's block averaging and
    /// the resampler's area reduction then agree within the tolerance the shrink-on-load tests
    /// hold (mean difference ≤ 1 level, largest ≤ 8); the smallest scale not below the output,
    /// or twice it, did not (Docs/Decisions/0018-shrink-on-load.md).
    static let shrinkOnLoadMargin = 3.0

    /// The size the image is resampled to (before any crop) times ``shrinkOnLoadMargin``, or
    /// `nil` when this resize does not reduce a `width × height` image.
    public func minimumInputSize(width: Int, height: Int) -> (width: Int, height: Int)? {
        guard width > 0, height > 0, let target = try? targetPixelSize() else { return nil }
        let factor = scaleFactor(width: Double(width), height: Double(height), target: target)
        let margin = Self.shrinkOnLoadMargin
        guard factor * margin < 1 else { return nil }
        let scaled = (Double(width) * factor * margin, Double(height) * factor * margin)
        return (max(1, Int(scaled.0.rounded(.up))), max(1, Int(scaled.1.rounded(.up))))
    }
}

extension Bitmap {
    /// Resampled to `round(width) × round(height)` (at least 1×1) with `kernel`; unchanged if
    /// already that size.
    func resampled(
        to width: Double,
        _ height: Double,
        filter: ResamplingFilter,
        kernel: (any ResamplingKernel)?
    ) throws -> Bitmap {
        try resized(
            width: max(1, Int(width.rounded())),
            height: max(1, Int(height.rounded())),
            filter: filter,
            kernel: kernel
        )
    }

    /// The centred `width × height` part (offsets rounded down), clamped to the image.
    func centerCropped(width: Int, height: Int) throws -> Bitmap {
        let cropWidth = min(self.width, max(1, width))
        let cropHeight = min(self.height, max(1, height))
        return try cropped(
            x: (self.width - cropWidth) / 2,
            y: (self.height - cropHeight) / 2,
            width: cropWidth,
            height: cropHeight
        )
    }
}
