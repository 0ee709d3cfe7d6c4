// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation
public import Nuke

/// Everything a proxy request will do, worked out from its path and headers before any I/O:
/// the source, the processors, the output format and the key its result is cached under.
public struct ProxyPlan: Sendable {
    /// The source to load.
    public var source: URL
    /// The processors, in order.
    public var processors: [any ImageProcessing]
    /// The source limits the URL sets (`msr`, `msfs`, `maf`) in place of the pipeline's; none
    /// when it sets none.
    public var limits: ImageRequest.Limits
    /// The format of a still result, asked for or negotiated; `nil` for the source's own, or a
    /// preferred one (``ProxyConfiguration/preferredFormats``).
    public var format: OutputFormat?
    /// The format the URL asks for (`f`, the extension), before enforced formats replace it.
    public var askedFormat: OutputFormat?
    /// The encoding quality: `q`'s, else the server's default (see ``quality(for:)``).
    public var quality: Int
    /// Qualities per format, when `q` is not given: `fq`'s, else the server's.
    public var formatQualities: [OutputFormat: Int]
    /// The most bytes a lossy result may have (`mb:`); `nil` for no limit.
    public var maximumBytes: Int?
    /// Sources in these formats are served unprocessed when the result would be in their format
    /// (`skp:`).
    public var skippedFormats: Set<OutputFormat>
    /// Whether the source is served as it is, whatever its format and the other options (`raw`),
    /// within the source and result limits.
    public var isRaw: Bool
    /// Whether the format depends on the `Accept` header (then responses say `Vary: Accept`).
    public var variesByAccept: Bool
    /// The format of an animated result, asked for or negotiated: ``format`` but where a
    /// negotiated or enforced JPEG XL or AVIF would lose the animation — WebP when the client
    /// takes it, else `nil`, as for ``format``.
    public var animatedFormat: OutputFormat?
    /// The result cache key: source, processors, negotiated format, quality and cache buster;
    /// never raw headers (nor `exp:`, which does not change the image).
    public var cacheKey: String
    /// `Cache-Control`'s `max-age` for the result: the configured one, or less when the URL
    /// expires sooner.
    public var cacheMaxAge: Int
    /// Whether the URL gives an expiry (`exp:`), which a source's own `Cache-Control` does not
    /// replace (``ProxyConfiguration/passesCacheControlThrough``).
    public var hasExpiry: Bool
    /// Whether the result keeps the source's colour profile (`scp:0`): the source is decoded
    /// without conversion and its ICC profile embedded, where the result's format carries one.
    public var keepsColorProfile: Bool
    /// Whether the source's embedded thumbnail, when it has one, is used instead of its main
    /// image (`et`).
    public var enforcesThumbnail: Bool
    /// Which of the source's metadata the result carries (`sm`, `kcr`).
    public var metadata: KeptMetadata
    /// The largest result width or height, in pixels: the URL's `mrd`, else the server's. Sizes
    /// the URL asks for are checked against it before anything is loaded, and every result
    /// against it before it is encoded or served, however its size came about.
    public var maximumResultDimension: Int
    /// The most pixels of each frame of an animated source (the URL's `mafr`, else the
    /// server's), which then replaces the source pixel limit for animations, as in imgproxy;
    /// `nil` holds every frame to that limit.
    public var maximumAnimationFramePixels: Int?
    /// The result's `Content-Disposition`, when `fn:` or `att:` asks for one.
    var contentDisposition: ContentDisposition?

    /// Refuses a result wider or taller than ``maximumResultDimension``.
    ///
    /// - Throws: ``ProxyRequestError/resultTooLarge(width:height:limit:)``.
    public func checkResultSize(width: Int, height: Int) throws(ProxyRequestError) {
        guard width <= maximumResultDimension, height <= maximumResultDimension else {
            throw .resultTooLarge(width: width, height: height, limit: maximumResultDimension)
        }
    }

    /// The formats of a still and an animated result, and whether they depend on `Accept`:
    /// imgproxy's order — with no format `asked`, JPEG XL, AVIF, then WebP, each when negotiated
    /// and accepted (an animation only ever gets WebP); with one asked, an enforced format the
    /// client accepts replaces it, in the same order.
    static func formats(
        asked: OutputFormat?,
        accept: String?,
        _ configuration: ProxyConfiguration
    ) -> (still: OutputFormat?, animated: OutputFormat?, variesByAccept: Bool) {
        let order: [(format: OutputFormat, negotiated: Bool)] = [
            (.jxl, configuration.negotiatesJPEGXL), (.avif, configuration.negotiatesAVIF),
            (.webp, configuration.negotiatesWebP),
        ]
        let candidates = order.filter { format, negotiated in
            let enforced = configuration.enforcedFormats.contains(format)
            return asked == nil ? negotiated || enforced : enforced
        }
        guard !candidates.isEmpty else { return (asked, asked, false) }
        let accepted = candidates.map(\.format).filter { format in
            accept.map { OutputFormat.accepts($0, format.mediaType) } == true
        }
        let still = accepted.first ?? asked
        let animated = accepted.first(where: \.keepsAnimation) ?? asked
        return (still, animated, true)
    }

    /// Whether a source in `format` is served as it is: `raw` asks for it, or `skp` names the
    /// format and the result would be in it (asked for, negotiated, or following the source).
    public func servesUnprocessed(_ format: OutputFormat) -> Bool {
        // An SVG source under `skp:svg` is served as SVG unless a format is asked for, whatever
        // the client would negotiate, as imgproxy's: rasterising is what skipping declines.
        if format == .svg { return isRaw || (skippedFormats.contains(.svg) && askedFormat == nil) }
        return isRaw || (skippedFormats.contains(format) && (self.format == nil || self.format == format))
    }

    /// A "thumbnail" that keeps the image's size and takes the file's embedded thumbnail when
    /// there is one (`et:1`): decoders that read none (all but NukeHEIF's) decode the image.
    private static let embeddedThumbnail: ThumbnailOptions = {
        var options = ThumbnailOptions(maxPixelSize: Double(Int32.max))
        options.createThumbnailFromImageAlways = false
        return options
    }()

    /// The pipeline's request for the source, with `processors`, the URL's limits and, for
    /// `scp:0`, its colours left as they are; for `et:1`, from its embedded thumbnail.
    func sourceRequest(processors: [any ImageProcessing] = []) -> ImageRequest {
        withSourceOptions(ImageRequest(url: source, processors: processors))
    }

    /// The request for the source's `data`, already loaded: decoded without a second download,
    /// under the source's own name (so in its memory cache entry).
    func sourceRequest(data: Data) -> ImageRequest {
        withSourceOptions(ImageRequest(id: source.absoluteString, data: { data }))
    }

    /// `request` with the URL's limits, colour handling and `et:1`.
    private func withSourceOptions(_ request: ImageRequest) -> ImageRequest {
        var request = request
        request.limits = limits
        if keepsColorProfile { request.colorManagement = .keepOriginalProfile }
        if enforcesThumbnail { request.thumbnail = Self.embeddedThumbnail }
        return request
    }

    /// Whether some source could be served unprocessed (then its bytes are loaded first).
    var mayServeUnprocessed: Bool {
        isRaw || (format.map(servesUnprocessed) ?? !skippedFormats.isEmpty) || servesUnprocessed(.svg)
            || mayRecompressJPEG
    }

    /// Whether a JPEG source is served as JPEG XL made from its own coefficients, losslessly:
    /// the result is a JPEG XL (asked for or negotiated) that leaves the source's pixels as they
    /// are — nothing to process, or `skp:jpg` with no format asked (a format asked for is
    /// processed, as imgproxy processes it) — with no byte budget and no embedded thumbnail.
    var mayRecompressJPEG: Bool {
        guard format == .jxl, !isRaw, !enforcesThumbnail, maximumBytes == nil else { return false }
        return (skippedFormats.contains(.jpeg) && askedFormat == nil) || processors.isEmpty
    }

    /// The quality a result in `format` is encoded at: `fq`'s for that format, else ``quality``.
    public func quality(for format: OutputFormat) -> Int {
        formatQualities[format] ?? quality
    }

    /// The plan for `path` under `configuration`; `registry` builds `nuke:` processors.
    ///
    /// - Throws: ``ProxyRequestError`` for every way the path, its signature or its options
    ///   are wrong or not allowed.
    public init(
        path: String,
        accept: String?,
        configuration: ProxyConfiguration,
        registry: PluginRegistry
    ) throws(ProxyRequestError) {
        guard path.utf8.count <= configuration.maximumPathLength else {
            throw .pathTooLong(length: path.utf8.count, limit: configuration.maximumPathLength)
        }
        let prefix = configuration.pathPrefix
        guard prefix.isEmpty || path.hasPrefix(prefix + "/") else {
            throw .malformedPath("the path does not start with \(prefix)/")
        }
        let unprefixed = String(path.dropFirst(prefix.count))
        let parsed = try ProxyPath(parsing: unprefixed, presetsOnly: configuration.onlyPresets)
        if !configuration.allowsUnsignedURLs {
            let trusted = configuration.trustedSignatures.contains { BearerSecret.equal(parsed.signature, $0) }
            guard trusted || configuration.signature?.isValid(parsed.signature, for: parsed.signedPart) == true
            else { throw .invalidSignature }
        }
        var requested = parsed.options
        if configuration.onlyPresets {
            // imgproxy's presets-only URLs name presets, colon-separated (`/thumbnail:blurry/plain/…`);
            // `pr:` and `preset:` are read too. Anything else is not a preset: refused.
            requested = []
            for option in parsed.options {
                let isPresetOption = ["pr", "preset"].contains(option.name)
                let names = isPresetOption ? option.arguments : [option.name] + option.arguments
                if let other = names.first(where: { configuration.presets[$0] == nil }) {
                    throw .onlyPresetsAllowed(option: other)
                }
                requested.append(ProxyOption(segment: "pr:" + names.joined(separator: ":")))
            }
        }
        // Only the URL's own options are held to the allow-list, as imgproxy holds them: what a
        // preset holds is the operator's.
        if let allowed = configuration.allowedOptionNames,
            let refused = requested.first(where: { !allowed.contains($0.name) })
        {
            throw .optionNotAllowed(refused.name)
        }
        var options = ProcessingOptions()
        try options.apply(configuration.presets["default"] ?? [], presets: configuration.presets)
        try options.apply(requested, presets: configuration.presets)
        if let name = parsed.outputExtension {
            guard let format = OutputFormat(name: name) else {
                throw .invalidArgument(option: "extension", reason: OutputFormat.names)
            }
            options.format = format
        }
        if let format = options.format, !format.isAvailable {
            throw .invalidArgument(
                option: "format",
                reason: "\(format.rawValue) results need an encoder this server lacks"
            )
        }
        guard options.limits.isEmpty || configuration.allowsSecurityOptions else { throw .securityOptionsNotAllowed }
        limits = ImageRequest.Limits(
            maximumResponseDataSize: options.limits.maximumSourceBytes,
            maximumDecodedPixelCount: options.limits.maximumSourcePixels,
            maximumAnimationFrameCount: options.limits.maximumAnimationFrames
        )
        contentDisposition =
            options.filename != nil || options.returnsAttachment
            ? ContentDisposition(filename: options.filename, isAttachment: options.returnsAttachment) : nil
        cacheMaxAge = configuration.cacheMaxAge
        // As in imgproxy, `exp:` of 0 or less is no expiry.
        hasExpiry = (options.expires ?? 0) > 0
        if let expires = options.expires, expires > 0 {
            let (remaining, overflow) = expires.subtractingReportingOverflow(configuration.currentTime())
            guard remaining > 0 || overflow else { throw .expired(at: expires) }
            cacheMaxAge = overflow ? configuration.cacheMaxAge : Int(min(Int64(configuration.cacheMaxAge), remaining))
        }
        source = try configuration.sources.url(for: parsed.source)
        maximumResultDimension = options.limits.maximumResultDimension ?? configuration.maximumResultDimension
        maximumAnimationFramePixels =
            options.limits.maximumAnimationFramePixels ?? configuration.maximumAnimationFramePixels
        processors = try Self.processors(
            for: options,
            maximumResultDimension: maximumResultDimension,
            configuration: configuration,
            registry: registry
        )

        askedFormat = options.format
        (format, animatedFormat, variesByAccept) = Self.formats(asked: options.format, accept: accept, configuration)
        quality = options.quality ?? configuration.defaultQuality
        formatQualities =
            options.quality == nil ? configuration.formatQualities.merging(options.formatQualities) { $1 } : [:]
        var key = [
            "nuke-server/1", source.absoluteString, processors.map(\.identifier).joined(separator: "|"),
            format?.rawValue ?? "auto", "q\(quality)", "cb=\(options.cacheBuster)",
        ]
        // Added only when given, so the keys of results made before these options stay the same.
        if animatedFormat != format { key.append("animated=" + (animatedFormat?.rawValue ?? "source")) }
        if configuration.preferredFormats != ProxyConfiguration.defaultPreferredFormats {
            key.append("preferred=" + configuration.preferredFormats.map(\.rawValue).joined(separator: ":"))
        }
        if let bytes = options.maximumBytes { key.append("mb=\(bytes)") }
        skippedFormats = options.skippedFormats
        isRaw = options.isRaw
        if isRaw { key.append("raw=1") }
        if !skippedFormats.isEmpty {
            key.append("skp=" + skippedFormats.map(\.rawValue).sorted().joined(separator: ":"))
        }
        if !formatQualities.isEmpty {
            key.append("fq=" + formatQualities.map { "\($0.key.rawValue):\($0.value)" }.sorted().joined(separator: ":"))
        }
        // Always there: results made before `kcr` (which is on by default) kept no copyright, and
        // their keys, without it, are not reused.
        metadata = !options.stripsMetadata ? .all : options.keepsCopyright ? .copyright : .none
        key.append("meta=\(metadata.rawValue)")
        keepsColorProfile = options.keepsColorProfile
        if keepsColorProfile { key.append("scp=0") }
        enforcesThumbnail = options.enforcesThumbnail
        if enforcesThumbnail { key.append("et=1") }
        cacheKey = key.joined(separator: "\n")
        maximumBytes = options.maximumBytes
    }

    private static func processors(
        for options: ProcessingOptions,
        maximumResultDimension limit: Int,
        configuration: ProxyConfiguration,
        registry: PluginRegistry
    ) throws(ProxyRequestError) -> [any ImageProcessing] {
        var processors: [any ImageProcessing] = []
        let size = options.pixelSize
        let (zoomed, minimum) = (options.zoomedPixelSize, options.minimumPixelSize)
        let scalesDown = configuration.scalesDownLargeResults
        for (width, height) in [size, zoomed, minimum] where !scalesDown && (width > limit || height > limit) {
            throw .resultTooLarge(width: width, height: height, limit: limit)
        }
        // Trims, turns, mirrors and crops come first, so the size refers to the result's
        // orientation (the resize then no longer shrinks on load); the crop after the turn and
        // the mirror, so that its size and gravity refer to the turned image, as imgproxy's do.
        // Before them all, the EXIF orientation undone for `ar:0`, while the decoder's metadata
        // is there to read.
        if !options.autoRotates { processors.append(StoredOrientation()) }
        if let trim = options.trim {
            processors.append(
                ImageProcessors.Trim(
                    threshold: trim.threshold,
                    color: trim.color,
                    equalHorizontal: trim.equalHorizontal,
                    equalVertical: trim.equalVertical
                )
            )
        }
        if options.rotation != 0 { processors.append(ImageProcessors.Rotate(degrees: options.rotation)) }
        if options.flipsHorizontally || options.flipsVertically {
            processors.append(
                ImageProcessors.Flip(horizontal: options.flipsHorizontally, vertical: options.flipsVertically)
            )
        }
        if let crop = options.crop {
            processors.append(
                ProxyCrop(width: crop.width, height: crop.height, gravity: crop.gravity ?? options.gravity)
            )
        }
        // Sizes go to the resize in CSS pixels with the pixel ratio, which it caps where the image
        // would be enlarged (imgproxy's `DprScale`) and hands on to the extend, padding and
        // watermark after it; with a ratio, it runs even without a size, as imgproxy's does (a
        // ratio below 1 shrinks the image; above, it is capped at 1).
        let zooms = options.zoomX != 1 || options.zoomY != 1
        let ratio = options.devicePixelRatio
        let sized = size.width > 0 || size.height > 0 || minimum.width > 0 || minimum.height > 0
        // Scaling large results down, it always runs: it fits the whole result, the extend and
        // padding after it counted, into the limit.
        if sized || zooms || ratio != 1 || scalesDown {
            var resize = ProxyResize(
                type: options.resizingType,
                width: options.width,
                height: options.height,
                enlarge: options.enlarge,
                gravity: options.gravity,
                zoom: (options.zoomX, options.zoomY),
                minimumWidth: options.minimumWidth,
                minimumHeight: options.minimumHeight,
                devicePixelRatio: ratio,
                extends: options.extend != nil,
                shrinkOnLoad: configuration.shrinkOnLoad
            )
            if scalesDown {
                // An extend to the size wins over one to its aspect ratio, as in imgproxy.
                var canvas: ProxyExtend.Canvas?
                if zoomed.width > 0 || zoomed.height > 0 {
                    canvas = options.extend != nil ? .size : options.extendAspectRatio != nil ? .aspectRatio : nil
                }
                let padding = options.padding.map { [$0.top, $0.right, $0.bottom, $0.left] } ?? [0, 0, 0, 0]
                resize.resultLimit = ResizeGeometry.Limit(maximum: limit, extend: canvas, padding: padding)
            }
            processors.append(resize)
        }
        let extensions: [(ProcessingOptions.Extend?, ProxyExtend.Canvas)] = [
            (options.extend, .size), (options.extendAspectRatio, .aspectRatio),
        ]
        for case (let extend?, let canvas) in extensions where zoomed.width > 0 || zoomed.height > 0 {
            processors.append(
                ProxyExtend(
                    width: options.width,
                    height: options.height,
                    gravity: extend.gravity ?? .center,
                    color: options.background,
                    canvas: canvas,
                    devicePixelRatio: ratio,
                    zoom: (options.zoomX, options.zoomY)
                )
            )
        }
        do {
            if options.blur > 0 {
                processors.append(
                    try ImageProcessors.CoreImageFilter(
                        name: "CIGaussianBlur",
                        parameters: ["inputRadius": .number(options.blur)]
                    )
                )
            }
            if options.sharpen > 0 {
                processors.append(
                    try ImageProcessors.CoreImageFilter(
                        name: "CIUnsharpMask",
                        parameters: ["inputRadius": .number(options.sharpen), "inputIntensity": 1]
                    )
                )
            }
        } catch {
            throw .invalidArgument(option: "bl/sh", reason: "\(error)")
        }
        if options.pixelate > 1 { processors.append(ImageProcessors.Pixelate(size: options.pixelate)) }
        if let background = options.background { processors.append(ImageProcessors.Background(color: background)) }
        // Paddings and watermark offsets are CSS pixels, times the ratio the resize made its
        // result at.
        if let padding = options.padding {
            processors.append(
                ProxyPadding(
                    top: padding.top,
                    right: padding.right,
                    bottom: padding.bottom,
                    left: padding.left,
                    color: options.background,
                    devicePixelRatio: ratio
                )
            )
        }
        if let watermark = options.watermark {
            guard let configured = configuration.watermark else {
                throw .invalidArgument(option: "wm", reason: "no watermark is configured (nuke-server --watermark)")
            }
            processors.append(
                ProxyWatermark(
                    image: configured.image,
                    id: configured.id,
                    anchor: watermark.position,
                    xOffset: watermark.xOffset,
                    yOffset: watermark.yOffset,
                    scale: watermark.scale ?? 0,
                    opacity: configured.opacity * watermark.opacity,
                    devicePixelRatio: ratio
                )
            )
        }
        if let spec = options.processorSpec {
            let names = spec.split(separator: "|").map { step in
                String(step.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
            }
            if let refused = names.first(where: { !configuration.allowedProcessors.contains($0) }) {
                throw .processorsNotAllowed("'\(refused)' is not an allowed processor")
            }
            do {
                processors += try registry.processors(fromSpec: spec)
            } catch {
                throw .processorsNotAllowed("\(error)")
            }
        }
        guard processors.count <= configuration.maximumChainLength else {
            throw .processorsNotAllowed("\(processors.count) processors, more than \(configuration.maximumChainLength)")
        }
        return processors
    }
}
