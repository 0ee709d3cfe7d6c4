// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Nuke

/// imgproxy's resize: scale by the ``ResizingType`` rules to a size in CSS pixels times a device
/// pixel ratio (capped where the image would be enlarged, as imgproxy caps it), then crop by a
/// ``Gravity``. It lets decoders shrink on load: it accepts a decode as small as its
/// ``ShrinkOnLoadRule`` allows, and computes its geometry from the full size. The result carries
/// the ratio it was made at, for the ``ProxyExtend`` and ``ProxyPadding`` after it.
public struct ProxyResize: ImageDownscaling, Hashable {
    /// How the image is fitted to the size.
    public var type: ResizingType
    /// The width in CSS pixels (0: free).
    public var width: Int
    /// The height in CSS pixels (0: free).
    public var height: Int
    /// Pixels per CSS pixel asked for (`dpr`); without ``enlarge``, capped so that it enlarges
    /// nothing.
    public var devicePixelRatio: Double
    /// Whether an ``ProxyExtend`` to the size follows (`ex`): an image smaller than the size then
    /// keeps its size at every ratio.
    public var extends: Bool
    /// Whether images smaller than the size are enlarged.
    public var enlarge: Bool
    /// Which part a crop keeps; pixel offsets are CSS pixels.
    public var gravity: Gravity
    /// Multiplies the horizontal scale the rules give, and the width a fill crops to (`z`).
    public var zoomX: Double
    /// Multiplies the vertical scale the rules give, and the height a fill crops to (`z`).
    public var zoomY: Double
    /// The least width in CSS pixels the image is scaled to, even past its own (`mw`; 0: none).
    public var minimumWidth: Int
    /// The least height in CSS pixels the image is scaled to, even past its own (`mh`; 0: none).
    public var minimumHeight: Int
    /// How small a decode it accepts. Not part of ``identifier``: both rules make the same
    /// geometry.
    public var shrinkOnLoad: ShrinkOnLoadRule
    /// The result dimension the image (with the extend and padding after it) is scaled down to
    /// fit, as imgproxy does with `mrd`; `nil` scales nothing down (a larger result is refused
    /// after processing instead).
    var resultLimit: ResizeGeometry.Limit?

    /// A resize to `width × height` CSS pixels at `devicePixelRatio`, its scale multiplied by
    /// `zoom` and raised to the minimum sides. Zooms and ratios that are not finite and positive
    /// count as 1; negative sides as 0.
    public init(
        type: ResizingType,
        width: Int,
        height: Int,
        enlarge: Bool = false,
        gravity: Gravity = .center,
        zoom: (x: Double, y: Double) = (1, 1),
        minimumWidth: Int = 0,
        minimumHeight: Int = 0,
        devicePixelRatio: Double = 1,
        extends: Bool = false,
        shrinkOnLoad: ShrinkOnLoadRule = .fast
    ) {
        self.type = type
        self.width = max(0, width)
        self.height = max(0, height)
        self.devicePixelRatio = devicePixelRatio.isFinite && devicePixelRatio > 0 ? devicePixelRatio : 1
        self.extends = extends
        self.enlarge = enlarge
        self.gravity = gravity
        let valid = { (zoom: Double) in zoom.isFinite && zoom > 0 ? zoom : 1 }
        (zoomX, zoomY) = (valid(zoom.x), valid(zoom.y))
        self.minimumWidth = max(0, minimumWidth)
        self.minimumHeight = max(0, minimumHeight)
        self.shrinkOnLoad = shrinkOnLoad
    }

    /// `nuke-server/resize?rt=…,w=…,h=…,el=…,g=…`, then `,z=x:y`, `,mw=…,mh=…` and
    /// `,dpr=…,ex=…` when given (so the identifiers of resizes without them stay as they were).
    public var identifier: String {
        var identifier = "nuke-server/resize?rt=\(type.rawValue),w=\(width),h=\(height),el=\(enlarge),g=\(gravity)"
        if zoomX != 1 || zoomY != 1 { identifier += ",z=\(zoomX):\(zoomY)" }
        if minimumWidth > 0 || minimumHeight > 0 { identifier += ",mw=\(minimumWidth),mh=\(minimumHeight)" }
        if devicePixelRatio != 1 || extends { identifier += ",dpr=\(devicePixelRatio),ex=\(extends)" }
        if let limit = resultLimit {
            let (extend, padding) = (limit.extend.map { "\($0)" } ?? "none", limit.padding.map(String.init))
            identifier += ",fit=\(limit.maximum),canvas=\(extend),pad=\(padding.joined(separator: ":"))"
        }
        return identifier
    }

    /// The geometry for a `width × height` image.
    func geometry(width imageWidth: Int, height imageHeight: Int) -> ResizeGeometry {
        ResizeGeometry(
            width: imageWidth,
            height: imageHeight,
            type: type,
            target: .init(width: width, height: height),
            enlarge: enlarge,
            gravity: gravity,
            zoom: (zoomX, zoomY),
            minimum: .init(width: minimumWidth, height: minimumHeight),
            pixelRatio: devicePixelRatio,
            extend: extends,
            limit: resultLimit
        )
    }

    /// The size the image is resampled to times the ``shrinkOnLoad`` rule's margin, or `nil`
    /// when the image is not reduced by more than that.
    public func minimumInputSize(width imageWidth: Int, height imageHeight: Int) -> (width: Int, height: Int)? {
        guard imageWidth > 0, imageHeight > 0 else { return nil }
        let scaled = geometry(width: imageWidth, height: imageHeight).scaled
        let margin = shrinkOnLoad.margin
        let minimum = (width: scaled.width * margin, height: scaled.height * margin)
        guard minimum.width < imageWidth, minimum.height < imageHeight else { return nil }
        return minimum
    }

    /// `true` under the ``ShrinkOnLoadRule/fast`` rule: any decode-time scale not below the
    /// output (a 2000 px photo fitted into 512 px decodes at 3/8 rather than 1/2).
    public var acceptsAnyDecodeScale: Bool { shrinkOnLoad == .fast }

    /// The resized and cropped image.
    ///
    /// - Throws: `ImageProcessingError.outputTooLarge` before allocating an image over the
    ///   pipeline's pixel limit.
    public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        let image = container.image
        guard image.width > 0, image.height > 0 else { return container }
        let full = container.originalPixelSize ?? (image.width, image.height)
        let geometry = geometry(width: full.width, height: full.height)
        var output = image
        if (geometry.scaled.width, geometry.scaled.height) != (image.width, image.height) {
            try ImageProcessingError.checkOutputSize(
                width: geometry.scaled.width,
                height: geometry.scaled.height,
                limit: context.maximumPixelCount
            )
            output = try image.resized(
                width: geometry.scaled.width,
                height: geometry.scaled.height,
                kernel: context.resamplingKernel
            )
        }
        var result = container.map { _ in output }
        result.originalPixelSize = nil
        result.userInfo[.proxyPixelRatioKey] = geometry.pixelRatio
        guard !geometry.isUncropped else { return result }
        let crop = self.crop(geometry, of: output)
        // The crop keeps the container's userInfo, the ratio with it.
        return try ImageProcessors.Crop(x: crop.x, y: crop.y, width: crop.width, height: crop.height)
            .process(result, context: context)
    }

    /// The geometry's crop, placed by ``SmartCrop`` on the `scaled` image's pixels when the gravity
    /// is ``Gravity/smart``.
    private func crop(_ geometry: ResizeGeometry, of scaled: Bitmap) -> ResizeGeometry.Rect {
        var crop = geometry.crop
        let gravity = gravity.scalingOffsets(by: geometry.pixelRatio)
        (crop.x, crop.y) = gravity.origin(crop: (crop.width, crop.height), inPixelsOf: scaled)
        return crop
    }

    /// At scale 1, as ``process(_:context:)`` does, or `nil` on failure.
    public func process(_ image: Bitmap) -> Bitmap? {
        let geometry = geometry(width: image.width, height: image.height)
        guard let scaled = try? image.resized(width: geometry.scaled.width, height: geometry.scaled.height) else {
            return nil
        }
        let crop = self.crop(geometry, of: scaled)
        return ImageProcessors.Crop(x: crop.x, y: crop.y, width: crop.width, height: crop.height).process(scaled)
    }
}

extension UserInfoKey {
    /// The pixel ratio a ``ProxyResize`` made its result at (a `Double`), which the extend and
    /// padding after it multiply their CSS pixels by.
    static let proxyPixelRatioKey: UserInfoKey = "nuke-server.pixel-ratio"
}
