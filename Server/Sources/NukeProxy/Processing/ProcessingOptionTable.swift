// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke

/// One processing option of a proxy URL: its names (imgproxy's full name and short forms) and how
/// its arguments are read onto ``ProcessingOptions``. Adding an option is adding a row to
/// ``ProcessingOptions/table``.
struct ProcessingOptionRow: Sendable {
    /// The names the option answers to.
    let names: [String]
    /// Whether the row reads the raw arguments itself, so that extra ones are not an error (`bg`,
    /// `cb`, `nuke`).
    var readsRawArguments = false
    /// Reads the arguments onto the options.
    let apply: @Sendable (inout ProcessingOptions, inout ArgumentReader) throws(ProxyRequestError) -> Void
}

extension ProcessingOptions {
    /// Reads `options` in order onto these, expanding presets (`pr`).
    ///
    /// - Throws: ``ProxyRequestError`` for an unknown option or preset, or a bad argument.
    public mutating func apply(_ options: [ProxyOption], presets: [String: [ProxyOption]]) throws(ProxyRequestError) {
        for option in options { try apply(option, presets: presets, depth: 0) }
    }

    private mutating func apply(_ option: ProxyOption, presets: [String: [ProxyOption]], depth: Int)
        throws(ProxyRequestError)
    {
        if option.name == "pr" || option.name == "preset" {
            guard depth < 4 else { throw .invalidArgument(option: option.name, reason: "presets nested too deeply") }
            for name in option.arguments {
                guard let preset = presets[name] else { throw .unknownPreset(name) }
                for inner in preset { try apply(inner, presets: presets, depth: depth + 1) }
            }
            return
        }
        guard let row = Self.rowsByName[option.name] else { throw .unknownOption(option.name) }
        var reader = ArgumentReader(option: option)
        try row.apply(&self, &reader)
        if !row.readsRawArguments { try reader.finish() }
    }

    /// Every option but presets (`pr`, which the reader expands itself), by each of its names.
    static let rowsByName: [String: ProcessingOptionRow] = Dictionary(
        uniqueKeysWithValues: table.flatMap { row in row.names.map { ($0, row) } }
    )

    /// Every option a URL may give, but presets.
    static let table: [ProcessingOptionRow] = [
        ProcessingOptionRow(names: ["rs", "resize"]) { options, reader throws(ProxyRequestError) in
            if let type = try reader.optional(ResizingType.init(rawValue:), "a resizing type") {
                options.resizingType = type
            }
            try options.readSize(&reader)
        },
        ProcessingOptionRow(names: ["s", "size"]) { options, reader throws(ProxyRequestError) in
            try options.readSize(&reader)
        },
        ProcessingOptionRow(names: ["rt", "resizing_type"]) { options, reader throws(ProxyRequestError) in
            options.resizingType = try reader.required(ResizingType.init(rawValue:), "a resizing type")
        },
        ProcessingOptionRow(names: ["w", "width"]) { options, reader throws(ProxyRequestError) in
            options.width = try reader.required(dimension, "a width (0 or more)")
        },
        ProcessingOptionRow(names: ["h", "height"]) { options, reader throws(ProxyRequestError) in
            options.height = try reader.required(dimension, "a height (0 or more)")
        },
        ProcessingOptionRow(names: ["mw", "min-width"]) { options, reader throws(ProxyRequestError) in
            options.minimumWidth = try reader.required(dimension, "a width (0 or more)")
        },
        ProcessingOptionRow(names: ["mh", "min-height"]) { options, reader throws(ProxyRequestError) in
            options.minimumHeight = try reader.required(dimension, "a height (0 or more)")
        },
        ProcessingOptionRow(names: ["z", "zoom"]) { options, reader throws(ProxyRequestError) in
            let zoom = { (text: String) in Double(text).flatMap { $0 > 0 && $0 <= 100 ? $0 : nil } }
            options.zoomX = try reader.required(zoom, "a zoom above 0, at most 100")
            options.zoomY = try reader.optional(zoom, "a zoom above 0, at most 100") ?? options.zoomX
        },
        ProcessingOptionRow(names: ["el", "enlarge"]) { options, reader throws(ProxyRequestError) in
            options.enlarge = try reader.required(boolean, booleans)
        },
        ProcessingOptionRow(names: ["g", "gravity"]) { options, reader throws(ProxyRequestError) in
            options.gravity = try gravity(&reader)
        },
        ProcessingOptionRow(names: ["dpr"]) { options, reader throws(ProxyRequestError) in
            options.devicePixelRatio = try reader.required(
                { Double($0).flatMap { $0 > 0 && $0 <= 8 ? $0 : nil } },
                "above 0, at most 8"
            )
        },
        ProcessingOptionRow(names: ["q", "quality"]) { options, reader throws(ProxyRequestError) in
            let value = try reader.required(integer(in: 0...100), "0 to 100")
            options.quality = value == 0 ? nil : value
        },
        ProcessingOptionRow(names: ["fq", "format_quality"]) { options, reader throws(ProxyRequestError) in
            let arguments = reader.option.arguments
            guard !arguments.isEmpty, arguments.count.isMultiple(of: 2) else {
                throw .invalidArgument(option: reader.option.name, reason: "pairs of a format and a quality")
            }
            while reader.hasMore {
                let format = try reader.required(OutputFormat.init(name:), OutputFormat.names)
                let value = try reader.required(integer(in: 0...100), "0 to 100")
                options.formatQualities[format] = value == 0 ? nil : value
            }
        },
        ProcessingOptionRow(names: ["mb", "max_bytes"]) { options, reader throws(ProxyRequestError) in
            let value = try reader.required(dimension, "a number of bytes (0: no limit)")
            options.maximumBytes = value == 0 ? nil : value
        },
        ProcessingOptionRow(names: ["f", "format", "ext"]) { options, reader throws(ProxyRequestError) in
            options.format = try reader.required(OutputFormat.init(name:), OutputFormat.names)
        },
        ProcessingOptionRow(names: ["bl", "blur"]) { options, reader throws(ProxyRequestError) in
            options.blur = try reader.required(sigma, "a sigma from 0 to 100")
        },
        ProcessingOptionRow(names: ["sh", "sharpen"]) { options, reader throws(ProxyRequestError) in
            options.sharpen = try reader.required(sigma, "a sigma from 0 to 100")
        },
        ProcessingOptionRow(names: ["ar", "auto_rotate"]) { options, reader throws(ProxyRequestError) in
            options.autoRotates = try reader.required(boolean, booleans)
        },
        ProcessingOptionRow(names: ["rot", "rotate"]) { options, reader throws(ProxyRequestError) in
            options.rotation = try reader.required(
                { Int($0).flatMap { $0.isMultiple(of: 90) ? ($0 % 360 + 360) % 360 : nil } },
                "a multiple of 90"
            )
        },
        ProcessingOptionRow(names: ["fl", "flip"]) { options, reader throws(ProxyRequestError) in
            options.flipsHorizontally = try reader.optional(boolean, booleans) ?? false
            options.flipsVertically = try reader.optional(boolean, booleans) ?? false
        },
        ProcessingOptionRow(names: ["bg", "background"], readsRawArguments: true) {
            options,
            reader throws(ProxyRequestError) in
            options.background = try background(reader.option)
        },
        ProcessingOptionRow(names: ["pix", "pixelate"]) { options, reader throws(ProxyRequestError) in
            options.pixelate = try reader.required(integer(in: 0...10_000), "0 to 10000")
        },
        ProcessingOptionRow(names: ["t", "trim"]) { options, reader throws(ProxyRequestError) in
            options.trim = try trim(&reader)
        },
        ProcessingOptionRow(names: ["ex", "extend"]) { options, reader throws(ProxyRequestError) in
            options.extend = try extend(&reader)
        },
        ProcessingOptionRow(names: ["exar", "extend_ar", "extend_aspect_ratio"]) {
            options,
            reader throws(ProxyRequestError) in
            options.extendAspectRatio = try extend(&reader)
        },
        ProcessingOptionRow(names: ["pd", "padding"]) { options, reader throws(ProxyRequestError) in
            guard (1...4).contains(reader.option.arguments.count) else {
                throw .invalidArgument(option: reader.option.name, reason: "one to four paddings")
            }
            let side = integer(in: 0...10_000)
            let top = try reader.optional(side, "a padding 0 to 10000") ?? 0
            let right = try reader.optional(side, "a padding 0 to 10000") ?? top
            let bottom = try reader.optional(side, "a padding 0 to 10000") ?? top
            let left = try reader.optional(side, "a padding 0 to 10000") ?? right
            // All zero turns padding off, as in imgproxy.
            let sides = Padding(top: top, right: right, bottom: bottom, left: left)
            options.padding = [top, right, bottom, left].allSatisfy { $0 == 0 } ? nil : sides
        },
        ProcessingOptionRow(names: ["c", "crop"]) { options, reader throws(ProxyRequestError) in
            let width = try reader.required(cropSide, "a width: pixels, a fraction below 1, or 0")
            let height = try reader.optional(cropSide, "a height: pixels, a fraction below 1, or 0") ?? 0
            let gravity = reader.hasMore ? try Self.gravity(&reader) : nil
            options.crop = Crop(width: width, height: height, gravity: gravity)
        },
        ProcessingOptionRow(names: ["wm", "watermark"]) { options, reader throws(ProxyRequestError) in
            options.watermark = try watermark(&reader)
        },
        ProcessingOptionRow(names: ["exp", "expires"]) { options, reader throws(ProxyRequestError) in
            options.expires = try reader.required({ Int64($0) }, "a Unix time in seconds")
        },
        ProcessingOptionRow(names: ["fn", "filename"]) { options, reader throws(ProxyRequestError) in
            let text = try reader.required({ $0.isEmpty ? nil : $0 }, "a file name")
            let isEncoded = try reader.optional(boolean, booleans) ?? false
            options.filename = try filename(text, isEncoded: isEncoded)
        },
        ProcessingOptionRow(names: ["skp", "skip_processing"]) { options, reader throws(ProxyRequestError) in
            guard reader.hasMore else { throw .invalidArgument(option: reader.option.name, reason: "formats") }
            while reader.hasMore {
                let expected = "jpg, png, webp, avif, gif, heic, jxl, svg, tiff, bmp or ico"
                let name = try reader.optional(imageType, expected)
                if let format = name.flatMap(OutputFormat.skippable(named:)) { options.skippedFormats.insert(format) }
            }
        },
        ProcessingOptionRow(names: ["raw"]) { options, reader throws(ProxyRequestError) in
            options.isRaw = try reader.required(boolean, booleans)
        },
        ProcessingOptionRow(names: ["sm", "strip_metadata"]) { options, reader throws(ProxyRequestError) in
            options.stripsMetadata = try reader.required(boolean, booleans)
        },
        ProcessingOptionRow(names: ["kcr", "keep_copyright"]) { options, reader throws(ProxyRequestError) in
            options.keepsCopyright = try reader.required(boolean, booleans)
        },
        ProcessingOptionRow(names: ["eth", "et", "enforce_thumbnail"]) { options, reader throws(ProxyRequestError) in
            options.enforcesThumbnail = try reader.required(boolean, booleans)
        },
        ProcessingOptionRow(names: ["scp", "strip_color_profile"]) { options, reader throws(ProxyRequestError) in
            options.keepsColorProfile = !(try reader.required(boolean, booleans))
        },
        ProcessingOptionRow(names: ["msr", "max_src_resolution"]) { options, reader throws(ProxyRequestError) in
            options.limits.maximumSourcePixels = try reader.required(
                megapixels,
                "megapixels above 0, at most 1000000"
            )
        },
        ProcessingOptionRow(names: ["msfs", "max_src_file_size"]) { options, reader throws(ProxyRequestError) in
            options.limits.maximumSourceBytes = try reader.required(
                positive,
                "a size in bytes above 0 (never unlimited)"
            )
        },
        ProcessingOptionRow(names: ["maf", "max_animation_frames"]) { options, reader throws(ProxyRequestError) in
            options.limits.maximumAnimationFrames = try reader.required(positive, "a frame count above 0")
        },
        ProcessingOptionRow(names: ["mrd", "max_result_dimension"]) { options, reader throws(ProxyRequestError) in
            options.limits.maximumResultDimension = try reader.required(positive, "pixels above 0 (never unlimited)")
        },
        ProcessingOptionRow(names: ["mafr", "max_animation_frame_resolution"]) {
            options,
            reader throws(ProxyRequestError) in
            options.limits.maximumAnimationFramePixels = try reader.required(
                megapixels,
                "megapixels above 0, at most 1000000"
            )
        },
        ProcessingOptionRow(names: ["ph", "preserve_hdr"]) { options, reader throws(ProxyRequestError) in
            options.preservesHDR = try reader.required(boolean, booleans)
        },
        ProcessingOptionRow(names: ["att", "return_attachment"]) { options, reader throws(ProxyRequestError) in
            options.returnsAttachment = try reader.required(boolean, booleans)
        },
        ProcessingOptionRow(names: ["cb", "cachebuster"], readsRawArguments: true) {
            options,
            reader throws(ProxyRequestError) in
            options.cacheBuster = reader.option.rawArguments
        },
        ProcessingOptionRow(names: ["nuke"], readsRawArguments: true) { options, reader throws(ProxyRequestError) in
            guard !reader.option.rawArguments.isEmpty else {
                throw .invalidArgument(option: reader.option.name, reason: "a processor spec")
            }
            options.processorSpec = reader.option.rawArguments
        },
    ]

    fileprivate mutating func readSize(_ reader: inout ArgumentReader) throws(ProxyRequestError) {
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
        let equalHorizontal = try reader.optional(boolean, Self.booleans) ?? false
        let equalVertical = try reader.optional(boolean, Self.booleans) ?? false
        return Trim(threshold: threshold, color: color, equalHorizontal: equalHorizontal, equalVertical: equalVertical)
    }

    /// `wm:%opacity:%position:%x_offset:%y_offset:%scale`.
    private static func watermark(_ reader: inout ArgumentReader) throws(ProxyRequestError) -> Watermark {
        let opacity = try reader.required(fraction, "an opacity 0 to 1")
        let anchors = Gravity.Anchor.allCases.map(\.rawValue).joined(separator: ", ")
        // `re` (replicate) tiles it: no anchor.
        let position: Gravity.Anchor?? = try reader.optional(
            { $0 == "re" ? .some(nil) : Gravity.Anchor(rawValue: $0).map { .some($0) } },
            "one of \(anchors) or re"
        )
        let x = try reader.optional(offset, "an offset, pixels or a fraction between -1 and 1") ?? 0
        let y = try reader.optional(offset, "an offset, pixels or a fraction between -1 and 1") ?? 0
        let scale = try reader.optional(fraction, "a scale 0 to 1")
        return Watermark(
            opacity: opacity,
            position: position ?? .center,
            xOffset: x,
            yOffset: y,
            scale: scale == 0 ? nil : scale
        )
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

    /// One of imgproxy's image type names for `skp`: a result format, `svg`, or `heif` (read, and
    /// never matching: HEIF sources are `heic`).
    private static func imageType(_ text: String) -> String? {
        OutputFormat.skippable(named: text) != nil || text.lowercased() == "heif" ? text : nil
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
    private static let booleans = "1, t or true (anything else is false)"
    /// imgproxy's booleans: Go's `strconv.ParseBool` (in any case) for true, and, as imgproxy
    /// reads them, false for anything else (`el:yes` is false there too).
    private static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "t", "true": true
        default: false
        }
    }
    private static func sigma(_ text: String) -> Double? { Double(text).flatMap { (0...100).contains($0) ? $0 : nil } }
    private static func fraction(_ text: String) -> Double? { Double(text).flatMap { (0...1).contains($0) ? $0 : nil } }
    private static func offset(_ text: String) -> Double? {
        Double(text).flatMap { $0.isFinite && abs($0) <= 100_000 ? $0 : nil }
    }
}

/// Reads an option's arguments in order; an empty argument is "not given".
struct ArgumentReader {
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
