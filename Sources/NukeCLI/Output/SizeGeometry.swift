// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import ArgumentParser

/// `--size`: a target size as ImageMagick's geometry writes it. `W`, `Wx` or `xH` set one side and
/// keep the aspect ratio; `WxH` fits the image inside the box. A suffix changes how: `^` fills the
/// box (the smaller side fits, the other overflows; nothing is cropped), `!` resizes to exactly
/// `W×H`, `>` only shrinks and `<` only enlarges images larger or smaller than the box.
struct SizeGeometry: ExpressibleByArgument, Hashable, Sendable, CustomStringConvertible {
    /// How the box is applied.
    enum Mode: String, Sendable {
        /// Fit inside the box, shrinking or enlarging.
        case fit = ""
        /// Cover the box: the smaller side fits.
        case fill = "^"
        /// Exactly the box, aspect ratio ignored.
        case exact = "!"
        /// Fit inside the box, shrinking only.
        case shrinkOnly = ">"
        /// Fit inside the box, enlarging only.
        case enlargeOnly = "<"
    }

    /// The box's width, if given.
    let width: Int?
    /// The box's height, if given.
    let height: Int?
    /// How the box is applied.
    let mode: Mode

    /// The largest side `--size` accepts.
    static let maximumSide = 65_535

    init?(argument: String) {
        var text = Substring(argument)
        var mode = Mode.fit
        if let last = text.last, let suffix = Mode(rawValue: String(last)), suffix != .fit {
            mode = suffix
            text = text.dropLast()
        }
        let parts = text.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return nil }
        func side(_ text: Substring) -> Int?? {
            if text.isEmpty { return .some(nil) }
            guard text.allSatisfy(\.isASCII), let value = Int(text), (1...Self.maximumSide).contains(value) else {
                return nil
            }
            return .some(value)
        }
        guard let width = side(parts[0]), let height = parts.count == 2 ? side(parts[1]) : .some(nil),
            width != nil || height != nil
        else { return nil }
        guard mode != .exact && mode != .fill || (width != nil && height != nil) else { return nil }
        self.width = width
        self.height = height
        self.mode = mode
    }

    /// The output size for an image of `width × height` pixels (at least 1×1).
    func targetSize(width imageWidth: Int, height imageHeight: Int) -> (width: Int, height: Int) {
        guard imageWidth > 0, imageHeight > 0 else { return (imageWidth, imageHeight) }
        if mode == .exact, let width, let height { return (width, height) }
        let scaleX = width.map { Double($0) / Double(imageWidth) }
        let scaleY = height.map { Double($0) / Double(imageHeight) }
        var scale: Double
        switch (scaleX, scaleY) {
        case let (x?, y?): scale = mode == .fill ? max(x, y) : min(x, y)
        case let (x?, nil): scale = x
        case let (nil, y?): scale = y
        case (nil, nil): scale = 1
        }
        if mode == .shrinkOnly { scale = min(scale, 1) }
        if mode == .enlargeOnly { scale = max(scale, 1) }
        let outputWidth = max(1, Int((Double(imageWidth) * scale).rounded()))
        let outputHeight = max(1, Int((Double(imageHeight) * scale).rounded()))
        return (outputWidth, outputHeight)
    }

    /// As written on the command line, such as `800x600^`.
    var description: String {
        (width.map(String.init) ?? "") + (height.map { "x\($0)" } ?? "") + mode.rawValue
    }

    static var defaultValueDescription: String { "WxH" }
}
