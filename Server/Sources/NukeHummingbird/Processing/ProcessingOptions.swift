// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

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
    /// Which part a crop keeps (`g`).
    public var gravity = Gravity.center
    /// Device pixel ratio: the size is multiplied by it (`dpr`, 1–8).
    public var devicePixelRatio = 1.0
    /// Encoding quality 1–100 (`q`); `nil` for the server's default.
    public var quality: Int?
    /// The output format (`f`, `ext`, or the URL's extension); `nil` to negotiate.
    public var format: OutputFormat?
    /// Gaussian blur sigma in pixels (`bl`); 0 for none.
    public var blur = 0.0
    /// Unsharp-mask sigma in pixels (`sh`); 0 for none.
    public var sharpen = 0.0
    /// A processor chain in this library's text syntax (`nuke:resize(width:100)|…`).
    public var processorSpec: String?
    /// Any text; changes the URL and so the cache key, nothing else (`cb`).
    public var cacheBuster = ""

    /// The defaults: fit, no size, no effects.
    public init() {}

    /// The width and height in output pixels (multiplied by the pixel ratio).
    public var pixelSize: (width: Int, height: Int) {
        (Int((Double(width) * devicePixelRatio).rounded()), Int((Double(height) * devicePixelRatio).rounded()))
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
        case "el", "enlarge": enlarge = try reader.required(Self.boolean, "1, t, true, 0, f or false")
        case "g", "gravity": gravity = try Self.gravity(&reader)
        case "dpr":
            devicePixelRatio = try reader.required({ Double($0).flatMap { (1...8).contains($0) ? $0 : nil } }, "1 to 8")
        case "q", "quality":
            let value = try reader.required({ Int($0).flatMap { (0...100).contains($0) ? $0 : nil } }, "0 to 100")
            quality = value == 0 ? nil : value
        case "f", "format", "ext": format = try reader.required(OutputFormat.init(name:), "jpg, png, webp or avif")
        case "bl", "blur": blur = try reader.required(Self.sigma, "a sigma from 0 to 100")
        case "sh", "sharpen": sharpen = try reader.required(Self.sigma, "a sigma from 0 to 100")
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
        if let value = try reader.optional(Self.boolean, "1, t, true, 0, f or false") { enlarge = value }
        _ = try reader.optional(Self.boolean, "1, t, true, 0, f or false")  // extend: accepted, not applied
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

    private static func dimension(_ text: String) -> Int? { Int(text).flatMap { $0 >= 0 ? $0 : nil } }
    private static func boolean(_ text: String) -> Bool? {
        switch text {
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

    func finish() throws(ProxyRequestError) {
        guard index >= option.arguments.count else {
            throw .invalidArgument(option: option.name, reason: "too many arguments")
        }
    }
}
