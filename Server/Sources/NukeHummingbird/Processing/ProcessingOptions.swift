// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Nuke

/// What a proxy URL asks for, read from its options (imgproxy's names and short forms) after
/// the `default` preset.
public struct ProcessingOptions: Hashable, Sendable {
    /// How the image is fitted to the size (`rt`, or `rs`'s first argument).
    public var resizingType = ResizingType.fit
    /// The width in CSS pixels; 0 leaves it free (`w`).
    public var width = 0
    /// The height in CSS pixels; 0 leaves it free (`h`).
    public var height = 0
    /// Whether images smaller than the size are enlarged (`el`).
    public var enlarge = false
    /// A result smaller than the size is placed on a canvas of that size (`ex`, or `rs`'s
    /// fifth argument); `nil` leaves it smaller.
    public var extend: Extend?
    /// A result of another aspect ratio than the size's is placed on the smallest canvas of the
    /// size's aspect ratio that holds it (`exar`); `nil` leaves it as it is.
    public var extendAspectRatio: Extend?
    /// The least width in CSS pixels the image is scaled to, even past its own; the result is
    /// still cropped to ``width`` by a fill (`mw`, 0 for none).
    public var minimumWidth = 0
    /// The least height in CSS pixels the image is scaled to, even past its own (`mh`, 0 for
    /// none).
    public var minimumHeight = 0
    /// Multiplies the horizontal scale and the width (`z`); unlike ``devicePixelRatio``, not
    /// offsets or paddings.
    public var zoomX = 1.0
    /// Multiplies the vertical scale and the height (`z`).
    public var zoomY = 1.0
    /// Which part a crop keeps (`g`).
    public var gravity = Gravity.center
    /// Device pixel ratio: the size is multiplied by it (`dpr`, above 0, at most 8).
    public var devicePixelRatio = 1.0
    /// Encoding quality 1–100 (`q`); `nil` for ``formatQualities``' or the server's default.
    public var quality: Int?
    /// Quality 1–100 per output format, used when `q` is not given (`fq:jpg:80:webp:70`).
    public var formatQualities: [OutputFormat: Int] = [:]
    /// The output format (`f`, `ext`, or the URL's extension); `nil` to negotiate.
    public var format: OutputFormat?
    /// The most bytes a JPEG, WebP or AVIF result may have: it is encoded again at lower
    /// qualities until it fits (`mb`); `nil` for no limit.
    public var maximumBytes: Int?
    /// Gaussian blur sigma in pixels (`bl`); 0 for none.
    public var blur = 0.0
    /// Unsharp-mask sigma in pixels (`sh`); 0 for none.
    public var sharpen = 0.0
    /// Whether the image is turned upright by its EXIF orientation, as decoders do (`ar`, on by
    /// default); off, it is processed as the file stores it.
    public var autoRotates = true
    /// Clockwise rotation in degrees, a multiple of 90 (`rot`), applied before resizing.
    public var rotation = 0
    /// Mirror left to right (`fl`'s first argument), before resizing.
    public var flipsHorizontally = false
    /// Mirror top to bottom (`fl`'s second argument), before resizing.
    public var flipsVertically = false
    /// The colour transparent results are flattened onto (`bg`: `R:G:B` or a hex colour); `nil`
    /// keeps transparency.
    public var background: ImageProcessingOptions.Color?
    /// The side of pixelation blocks (`pix`); 0 or 1 for none.
    public var pixelate = 0
    /// Uniform borders cut away before resizing (`t`); `nil` for none.
    public var trim: Trim?
    /// The area of the source kept before resizing (`c`); `nil` for all of it.
    public var crop: Crop?
    /// A border around the result in CSS pixels, in `bg`'s colour or transparent (`pd`, CSS
    /// order: top, right, bottom, left); `nil` for none.
    public var padding: Padding?
    /// The server's watermark drawn over the result (`wm`); `nil` for none.
    public var watermark: Watermark?
    /// A processor chain in this library's text syntax (`nuke:resize(width:100)|…`).
    public var processorSpec: String?
    /// Sources in these formats are served as they are, unprocessed, when the result would be in
    /// their format anyway (`skp:jpg:gif`).
    public var skippedFormats: Set<OutputFormat> = []
    /// Whether results leave the source's metadata out (`sm`, on by default): off, a JPEG
    /// source's EXIF goes into JPEG, PNG and WebP results (orientation 1, no thumbnail).
    public var stripsMetadata = true
    /// Whether stripping keeps the EXIF Artist and Copyright (`kcr`, on by default, as in
    /// imgproxy).
    public var keepsCopyright = true
    /// Whether the result keeps the source's colour profile (`scp:0`): its pixels stay in the
    /// source's colours and the ICC profile goes into the result. Off (`scp:1`, the default),
    /// colours are converted to sRGB and no profile is sent.
    public var keepsColorProfile = false
    /// Whether a source with an embedded thumbnail is made from it instead of its main image,
    /// whatever the thumbnail's size (`et`; HEIC sources).
    public var enforcesThumbnail = false
    /// Any text; changes the URL and so the cache key, nothing else (`cb`).
    public var cacheBuster = ""
    /// When the URL stops being served, in seconds since 1970 (`exp`); `nil` for never.
    public var expires: Int64?
    /// The result's file name without extension (`fn`; URL-safe base64 of UTF-8 when its second
    /// argument is true); `nil` for the source's.
    public var filename: String?
    /// Whether the result is sent as an attachment, which browsers download (`att`).
    public var returnsAttachment = false
    /// Limits the URL sets in place of the server's (`msr`, `msfs`, `maf`, `mrd`): honoured
    /// only when the server allows security options, else the URL is refused.
    public var limits = Limits()

    /// The defaults: fit, no size, no effects.
    public init() {}

    /// `ex:%extend:%gravity`: where a result smaller than the size sits on a canvas of that size.
    public struct Extend: Hashable, Sendable {
        /// Where the image sits; `nil` for the centre.
        public var gravity: Gravity?

        /// Creates the option.
        public init(gravity: Gravity? = nil) {
            self.gravity = gravity
        }
    }

    /// imgproxy's security options: each replaces the server's limit of the same kind for one
    /// URL, higher or lower; `nil` keeps the server's.
    public struct Limits: Hashable, Sendable {
        /// The most pixels of the source, each frame of an animation (`msr`, in megapixels).
        public var maximumSourcePixels: Int?
        /// The most bytes of the source (`msfs`).
        public var maximumSourceBytes: Int?
        /// The most frames of an animated source (`maf`).
        public var maximumAnimationFrames: Int?
        /// The largest result width or height, in pixels (`mrd`).
        public var maximumResultDimension: Int?

        /// No limit set: the server's apply.
        public init() {}

        /// Whether the URL sets none.
        public var isEmpty: Bool { self == Self() }
    }

    /// `pd:%top:%right:%bottom:%left`, in CSS pixels: a missing right is the top, a missing
    /// bottom the top, a missing left the right.
    public struct Padding: Hashable, Sendable {
        /// Above the image.
        public var top: Int
        /// Right of it.
        public var right: Int
        /// Below it.
        public var bottom: Int
        /// Left of it.
        public var left: Int

        /// Creates the option.
        public init(top: Int, right: Int, bottom: Int, left: Int) {
            (self.top, self.right, self.bottom, self.left) = (top, right, bottom, left)
        }
    }

    /// `c:%width:%height:%gravity`: the area of the source kept before resizing.
    public struct Crop: Hashable, Sendable {
        /// Pixels, a fraction of the source's width (below 1), or 0 for all of it.
        public var width: Double
        /// Pixels, a fraction of the source's height (below 1), or 0 for all of it.
        public var height: Double
        /// Where the area is taken from; `nil` for the `g` option's gravity.
        public var gravity: Gravity?

        /// Creates the option.
        public init(width: Double, height: Double, gravity: Gravity? = nil) {
            self.width = width
            self.height = height
            self.gravity = gravity
        }
    }

    /// `t:%threshold:%color`: cut borders within `threshold` levels of `color` (the top-left
    /// pixel's when `nil`).
    public struct Trim: Hashable, Sendable {
        /// Levels, 0–255.
        public var threshold: Int
        /// The border colour, or `nil` for the top-left pixel's.
        public var color: ImageProcessingOptions.Color?

        /// Creates the option.
        public init(threshold: Int, color: ImageProcessingOptions.Color? = nil) {
            self.threshold = threshold
            self.color = color
        }
    }

    /// `wm:%opacity:%position:%x_offset:%y_offset:%scale`, imgproxy's watermark option.
    public struct Watermark: Hashable, Sendable {
        /// Multiplies the configured watermark's opacity, 0–1.
        public var opacity: Double
        /// Where it goes (`ce` by default).
        public var position: ImageProcessors.Overlay.Position
        /// Pixels from the left or right edge it is attached to.
        public var xOffset: Int
        /// Pixels from the top or bottom edge it is attached to.
        public var yOffset: Int
        /// Its width as a fraction of the result's, or `nil` to keep its size.
        public var scale: Double?

        /// Creates the option.
        public init(
            opacity: Double,
            position: ImageProcessors.Overlay.Position = .center,
            xOffset: Int = 0,
            yOffset: Int = 0,
            scale: Double? = nil
        ) {
            self.opacity = opacity
            self.position = position
            self.xOffset = xOffset
            self.yOffset = yOffset
            self.scale = scale
        }
    }

    /// The width and height in output pixels (multiplied by the pixel ratio), each at most
    /// `Int32.max` (a larger size, which no limit allows, is not computed past it).
    public var pixelSize: (width: Int, height: Int) {
        (pixels(width), pixels(height))
    }

    /// ``pixelSize`` times the zoom: the canvas `ex` and `exar` extend to.
    public var zoomedPixelSize: (width: Int, height: Int) {
        (pixels(width, times: zoomX), pixels(height, times: zoomY))
    }

    /// ``minimumWidth`` and ``minimumHeight`` in output pixels.
    public var minimumPixelSize: (width: Int, height: Int) {
        (pixels(minimumWidth), pixels(minimumHeight))
    }

    /// `side` CSS pixels times the pixel ratio and `factor`, at most `Int32.max`, and at least 1
    /// when `side` is (a small ratio never makes a side free).
    private func pixels(_ side: Int, times factor: Double = 1) -> Int {
        guard side > 0 else { return 0 }
        return max(1, Int(min(Double(Int32.max), (Double(side) * devicePixelRatio * factor).rounded())))
    }

    /// Reads `options` in order onto these, expanding presets (`pr`).
    ///
    /// - Throws: ``ProxyRequestError`` for an unknown option or preset, or a bad argument.
    public mutating func apply(_ options: [ProxyOption], presets: [String: [ProxyOption]]) throws(ProxyRequestError) {
        for option in options { try apply(option, presets: presets, depth: 0) }
    }

    private mutating func apply(_ option: ProxyOption, presets: [String: [ProxyOption]], depth: Int)
        throws(ProxyRequestError)
    {
        var reader = ArgumentReader(option: option)
        switch option.name {
        case "rs", "resize":
            if let type = try reader.optional(ResizingType.init(rawValue:), "a resizing type") { resizingType = type }
            try readSize(&reader)
        case "s", "size": try readSize(&reader)
        case "rt", "resizing_type": resizingType = try reader.required(ResizingType.init(rawValue:), "a resizing type")
        case "w", "width": width = try reader.required(Self.dimension, "a width (0 or more)")
        case "h", "height": height = try reader.required(Self.dimension, "a height (0 or more)")
        case "mw", "min-width": minimumWidth = try reader.required(Self.dimension, "a width (0 or more)")
        case "mh", "min-height": minimumHeight = try reader.required(Self.dimension, "a height (0 or more)")
        case "z", "zoom":
            let zoom = { (text: String) in Double(text).flatMap { $0 > 0 && $0 <= 100 ? $0 : nil } }
            zoomX = try reader.required(zoom, "a zoom above 0, at most 100")
            zoomY = try reader.optional(zoom, "a zoom above 0, at most 100") ?? zoomX
        case "el", "enlarge": enlarge = try reader.required(Self.boolean, Self.booleans)
        case "g", "gravity": gravity = try Self.gravity(&reader)
        case "dpr":
            devicePixelRatio = try reader.required(
                { Double($0).flatMap { $0 > 0 && $0 <= 8 ? $0 : nil } },
                "above 0, at most 8"
            )
        case "q", "quality":
            let value = try reader.required(Self.integer(in: 0...100), "0 to 100")
            quality = value == 0 ? nil : value
        case "fq", "format_quality":
            guard !option.arguments.isEmpty, option.arguments.count.isMultiple(of: 2) else {
                throw .invalidArgument(option: option.name, reason: "pairs of a format and a quality")
            }
            while reader.hasMore {
                let format = try reader.required(OutputFormat.init(name:), OutputFormat.names)
                let value = try reader.required(Self.integer(in: 0...100), "0 to 100")
                formatQualities[format] = value == 0 ? nil : value
            }
        case "mb", "max_bytes":
            let value = try reader.required(Self.dimension, "a number of bytes (0: no limit)")
            maximumBytes = value == 0 ? nil : value
        case "f", "format", "ext": format = try reader.required(OutputFormat.init(name:), OutputFormat.names)
        case "bl", "blur": blur = try reader.required(Self.sigma, "a sigma from 0 to 100")
        case "sh", "sharpen": sharpen = try reader.required(Self.sigma, "a sigma from 0 to 100")
        case "ar", "auto_rotate": autoRotates = try reader.required(Self.boolean, Self.booleans)
        case "rot", "rotate":
            rotation = try reader.required(
                { Int($0).flatMap { $0.isMultiple(of: 90) ? ($0 % 360 + 360) % 360 : nil } },
                "a multiple of 90"
            )
        case "fl", "flip":
            flipsHorizontally = try reader.optional(Self.boolean, Self.booleans) ?? false
            flipsVertically = try reader.optional(Self.boolean, Self.booleans) ?? false
        case "bg", "background":
            background = try Self.background(option)
            return
        case "pix", "pixelate":
            pixelate = try reader.required(Self.integer(in: 0...10_000), "0 to 10000")
        case "t", "trim": trim = try Self.trim(&reader)
        case "ex", "extend": extend = try Self.extend(&reader)
        case "exar", "extend_ar", "extend_aspect_ratio": extendAspectRatio = try Self.extend(&reader)
        case "pd", "padding":
            guard (1...4).contains(option.arguments.count) else {
                throw .invalidArgument(option: option.name, reason: "one to four paddings")
            }
            let side = Self.integer(in: 0...10_000)
            let top = try reader.optional(side, "a padding 0 to 10000") ?? 0
            let right = try reader.optional(side, "a padding 0 to 10000") ?? top
            let bottom = try reader.optional(side, "a padding 0 to 10000") ?? top
            let left = try reader.optional(side, "a padding 0 to 10000") ?? right
            // All zero turns padding off, as in imgproxy.
            let sides = Padding(top: top, right: right, bottom: bottom, left: left)
            padding = [top, right, bottom, left].allSatisfy { $0 == 0 } ? nil : sides
        case "c", "crop":
            let width = try reader.required(Self.cropSide, "a width: pixels, a fraction below 1, or 0")
            let height = try reader.optional(Self.cropSide, "a height: pixels, a fraction below 1, or 0") ?? 0
            let gravity = reader.hasMore ? try Self.gravity(&reader) : nil
            crop = Crop(width: width, height: height, gravity: gravity)
        case "wm", "watermark": watermark = try Self.watermark(&reader)
        case "exp", "expires":
            expires = try reader.required({ Int64($0).flatMap { $0 >= 0 ? $0 : nil } }, "a Unix time in seconds")
        case "fn", "filename":
            let text = try reader.required({ $0.isEmpty ? nil : $0 }, "a file name")
            let isEncoded = try reader.optional(Self.boolean, Self.booleans) ?? false
            filename = try Self.filename(text, isEncoded: isEncoded)
        case "skp", "skip_processing":
            guard !option.arguments.isEmpty else { throw .invalidArgument(option: option.name, reason: "formats") }
            while reader.hasMore {
                let expected = "jpg, png, webp, avif, gif, heic, jxl, svg, tiff, bmp or ico"
                let name = try reader.optional(Self.imageType, expected)
                if let format = name.flatMap(OutputFormat.init(name:)) { skippedFormats.insert(format) }
            }
        case "sm", "strip_metadata": stripsMetadata = try reader.required(Self.boolean, Self.booleans)
        case "kcr", "keep_copyright": keepsCopyright = try reader.required(Self.boolean, Self.booleans)
        case "et", "enforce_thumbnail": enforcesThumbnail = try reader.required(Self.boolean, Self.booleans)
        case "scp", "strip_color_profile": keepsColorProfile = !(try reader.required(Self.boolean, Self.booleans))
        case "msr", "max_src_resolution":
            limits.maximumSourcePixels = try reader.required(Self.megapixels, "megapixels above 0, at most 1000000")
        case "msfs", "max_src_file_size":
            limits.maximumSourceBytes = try reader.required(Self.positive, "a size in bytes above 0 (never unlimited)")
        case "maf", "max_animation_frames":
            limits.maximumAnimationFrames = try reader.required(Self.positive, "a frame count above 0")
        case "mrd", "max_result_dimension":
            limits.maximumResultDimension = try reader.required(Self.positive, "pixels above 0 (never unlimited)")
        case "mafr", "max_animation_frame_resolution":
            throw .invalidArgument(
                option: option.name,
                reason: "nothing: not supported (msr already limits each frame of an animation)"
            )
        case "att", "return_attachment":
            returnsAttachment = try reader.required(Self.boolean, Self.booleans)
        case "cb", "cachebuster":
            cacheBuster = option.rawArguments
            return
        case "nuke":
            guard !option.rawArguments.isEmpty else {
                throw .invalidArgument(option: option.name, reason: "a processor spec")
            }
            processorSpec = option.rawArguments
            return
        case "pr", "preset":
            guard depth < 4 else { throw .invalidArgument(option: option.name, reason: "presets nested too deeply") }
            for name in option.arguments {
                guard let preset = presets[name] else { throw .unknownPreset(name) }
                for inner in preset { try apply(inner, presets: presets, depth: depth + 1) }
            }
            return
        default:
            throw .unknownOption(option.name)
        }
        try reader.finish()
    }

    private mutating func readSize(_ reader: inout ArgumentReader) throws(ProxyRequestError) {
        if let value = try reader.optional(Self.dimension, "a width (0 or more)") { width = value }
        if let value = try reader.optional(Self.dimension, "a height (0 or more)") { height = value }
        if let value = try reader.optional(Self.boolean, Self.booleans) { enlarge = value }
        // Then the extend option's own arguments, as imgproxy reads them: `rs:fill:300:400:0:1:so:10:20`.
        if let isOn = try reader.optional(Self.boolean, Self.booleans) {
            let gravity = reader.hasMore ? try Self.gravity(&reader) : extend?.gravity
            extend = isOn ? Extend(gravity: gravity) : nil
        }
    }

    private static func gravity(_ reader: inout ArgumentReader) throws(ProxyRequestError) -> Gravity {
        let kind = try reader.required({ $0 }, "a gravity")
        if kind == "fp" {
            let x = try reader.required(fraction, "a fraction 0–1")
            let y = try reader.required(fraction, "a fraction 0–1")
            return .focusPoint(x: x, y: y)
        }
        if kind == "sm" { return .smart }
        guard let anchor = Gravity.Anchor(rawValue: kind) else {
            throw .invalidArgument(option: "g", reason: "one of ce, sm, no, so, ea, we, noea, nowe, soea, sowe, fp")
        }
        let dx = try reader.optional(offset, "an offset") ?? 0
        let dy = try reader.optional(offset, "an offset") ?? 0
        return .anchor(anchor, xOffset: dx, yOffset: dy)
    }

    /// imgproxy's hex colours: `RRGGBB`, or `RGB` (each digit repeated), without `#`.
    private static func hexColor(_ text: String) -> ImageProcessingOptions.Color? {
        switch text.count {
        case 6: ImageProcessingOptions.Color(hex: text)
        case 3: ImageProcessingOptions.Color(hex: text.map { "\($0)\($0)" }.joined())
        default: nil
        }
    }

    /// `ex:%extend:%gravity` and `exar:%extend:%gravity`: `nil` when off.
    private static func extend(_ reader: inout ArgumentReader) throws(ProxyRequestError) -> Extend? {
        let isOn = try reader.required(boolean, Self.booleans)
        let gravity = reader.hasMore ? try Self.gravity(&reader) : nil
        return isOn ? Extend(gravity: gravity) : nil
    }

    /// `bg:R:G:B` (0–255 each), `bg:RRGGBB`, or `bg:` (none).
    private static func background(_ option: ProxyOption) throws(ProxyRequestError) -> ImageProcessingOptions.Color? {
        let arguments = option.arguments
        if arguments.allSatisfy(\.isEmpty) { return nil }
        if arguments.count == 1, let color = hexColor(arguments[0]) {
            return color
        }
        let components = arguments.compactMap { Int($0).flatMap { (0...255).contains($0) ? Double($0) / 255 : nil } }
        guard arguments.count == 3, components.count == 3 else {
            throw .invalidArgument(option: option.name, reason: "R:G:B (0 to 255) or a hex colour RRGGBB")
        }
        return ImageProcessingOptions.Color(red: components[0], green: components[1], blue: components[2])
    }

    /// `t:%threshold:%color:%equal_hor:%equal_ver`; the last two must be off (not supported).
    private static func trim(_ reader: inout ArgumentReader) throws(ProxyRequestError) -> Trim {
        let threshold = try reader.required(
            { Double($0).flatMap { (0...255).contains($0) ? Int($0) : nil } },
            "a threshold 0 to 255"
        )
        let color = try reader.optional(
            hexColor,
            "a hex colour RRGGBB or RGB"
        )
        for _ in 0..<2 {
            if try reader.optional(boolean, Self.booleans) == true {
                throw .invalidArgument(option: "t", reason: "equal_hor and equal_ver are not supported")
            }
        }
        return Trim(threshold: threshold, color: color)
    }

    /// `wm:%opacity:%position:%x_offset:%y_offset:%scale`.
    private static func watermark(_ reader: inout ArgumentReader) throws(ProxyRequestError) -> Watermark {
        let opacity = try reader.required(fraction, "an opacity 0 to 1")
        let anchors = Gravity.Anchor.allCases.map(\.rawValue).joined(separator: ", ")
        let position =
            try reader.optional({ Gravity.Anchor(rawValue: $0)?.overlayPosition }, "one of \(anchors)") ?? .center
        let margin = { (text: String) in Int(text).flatMap { (0...100_000).contains($0) ? $0 : nil } }
        let x = try reader.optional(margin, "an offset 0 to 100000") ?? 0
        let y = try reader.optional(margin, "an offset 0 to 100000") ?? 0
        let scale = try reader.optional(fraction, "a scale 0 to 1")
        return Watermark(opacity: opacity, position: position, xOffset: x, yOffset: y, scale: scale == 0 ? nil : scale)
    }

    /// `fn:`'s name: as given, or decoded from URL-safe base64 of UTF-8; at most 1,024 bytes.
    private static func filename(_ text: String, isEncoded: Bool) throws(ProxyRequestError) -> String {
        let name: String
        if isEncoded {
            guard let bytes = URLSignature.bytes(base64URL: text),
                let decoded = String(validating: bytes, as: UTF8.self)
            else { throw .invalidArgument(option: "fn", reason: "URL-safe base64 of UTF-8 text") }
            name = decoded
        } else {
            name = text.removingPercentEncoding ?? text
        }
        guard !name.isEmpty, name.utf8.count <= 1024 else {
            throw .invalidArgument(option: "fn", reason: "a file name of 1 to 1024 bytes")
        }
        return name
    }

    /// One of imgproxy's image type names: an output format, or a type no result is written in
    /// (accepted for `skp`, where it can never match).
    private static func imageType(_ text: String) -> String? {
        let others: Set<String> = ["heic", "heif", "jxl", "svg", "tiff", "bmp", "ico"]
        return OutputFormat(name: text) != nil || others.contains(text.lowercased()) ? text : nil
    }

    private static func cropSide(_ text: String) -> Double? {
        Double(text).flatMap { $0.isFinite && $0 >= 0 && $0 <= 100_000 ? $0 : nil }
    }
    /// A whole number above 0.
    private static func positive(_ text: String) -> Int? { Int(text).flatMap { $0 > 0 ? $0 : nil } }
    /// Megapixels above 0, at most a million, as pixels (imgproxy's `msr`).
    private static func megapixels(_ text: String) -> Int? {
        Double(text).flatMap { $0 > 0 && $0 <= 1_000_000 ? max(1, Int($0 * 1_000_000)) : nil }
    }
    /// A whole number of 0 or more (a size, a byte count).
    private static func dimension(_ text: String) -> Int? { Int(text).flatMap { $0 >= 0 ? $0 : nil } }
    /// A parser of whole numbers within `range`.
    private static func integer(in range: ClosedRange<Int>) -> (String) -> Int? {
        { text in Int(text).flatMap { range.contains($0) ? $0 : nil } }
    }
    /// What ``boolean(_:)`` reads, for error messages.
    private static let booleans = "1, t, true, 0, f or false"
    /// imgproxy's booleans (Go's `strconv.ParseBool`, in any case).
    private static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "t", "true": true
        case "0", "f", "false": false
        default: nil
        }
    }
    private static func sigma(_ text: String) -> Double? { Double(text).flatMap { (0...100).contains($0) ? $0 : nil } }
    private static func fraction(_ text: String) -> Double? { Double(text).flatMap { (0...1).contains($0) ? $0 : nil } }
    private static func offset(_ text: String) -> Double? {
        Double(text).flatMap { $0.isFinite && abs($0) <= 100_000 ? $0 : nil }
    }
}

/// Reads an option's arguments in order; an empty argument is "not given".
private struct ArgumentReader {
    let option: ProxyOption
    var index = 0

    init(option: ProxyOption) {
        self.option = option
    }

    mutating func optional<T>(_ parse: (String) -> T?, _ expected: String) throws(ProxyRequestError) -> T? {
        guard index < option.arguments.count else { return nil }
        defer { index += 1 }
        let text = option.arguments[index]
        guard !text.isEmpty else { return nil }
        guard let value = parse(text) else { throw .invalidArgument(option: option.name, reason: expected) }
        return value
    }

    mutating func required<T>(_ parse: (String) -> T?, _ expected: String) throws(ProxyRequestError) -> T {
        guard let value = try optional(parse, expected) else {
            throw .invalidArgument(option: option.name, reason: expected)
        }
        return value
    }

    /// Whether arguments are left to read.
    var hasMore: Bool { index < option.arguments.count }

    func finish() throws(ProxyRequestError) {
        guard index >= option.arguments.count else {
            throw .invalidArgument(option: option.name, reason: "too many arguments")
        }
    }
}
