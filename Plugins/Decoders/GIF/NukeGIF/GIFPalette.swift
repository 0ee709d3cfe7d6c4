// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeGIF
internal import NukeCore

/// One frame's colour table: the frame's own colours when it draws at most 255 (exact, as a GIF
/// made from a GIF keeps them), else 255 chosen by giflib's median cut (`GifQuantizeBuffer`) from
/// the pixels it draws; the index after the last colour is for transparency.
///
/// Quantized colours are looked up through a table of 32,768 cells (5 bits a channel), each filled
/// the first time a pixel falls in it, so a frame costs one search per colour cell it uses.
struct GIFPalette {
    /// RGB, 3 bytes a colour.
    private(set) var colors: [UInt8]
    /// Cell → colour index + 1 (0: not looked up yet).
    private var cells: [UInt16]
    /// Colour (`0xRRGGBB`) → index, when the palette holds every colour of the frame.
    private var exact: [UInt32: UInt8]?

    /// The number of colours (the transparent index is this number).
    var count: Int { colors.count / 3 }

    /// Whether the palette holds every colour the frame draws (nothing to dither).
    var isExact: Bool { exact != nil }

    /// A palette for `rgb` (3 bytes a pixel), at most 255 colours; one black colour when there
    /// are no pixels.
    init(quantizing rgb: [UInt8]) throws {
        cells = []
        guard !rgb.isEmpty else {
            colors = [0, 0, 0]
            exact = [0: 0]
            return
        }
        var unique: [UInt32: UInt8] = [:]
        var ordered: [UInt8] = []
        for pixel in stride(from: 0, to: rgb.count, by: 3) {
            let key = UInt32(rgb[pixel]) << 16 | UInt32(rgb[pixel + 1]) << 8 | UInt32(rgb[pixel + 2])
            guard unique[key] == nil else { continue }
            guard unique.count < 255 else { break }
            unique[key] = UInt8(unique.count)
            ordered += rgb[pixel..<pixel + 3]
        }
        if unique.count < 255 || Self.allKnown(rgb, unique) {
            colors = ordered
            exact = unique
            return
        }
        cells = [UInt16](repeating: 0, count: 1 << 15)
        var palette = [UInt8](repeating: 0, count: 768)
        var count: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(NUKE_GIF_MESSAGE_SIZE))
        let status = rgb.withUnsafeBufferPointer { pixels in
            nuke_gif_quantize(pixels.baseAddress, pixels.count / 3, 255, &palette, &count, &message)
        }
        guard status == NUKE_GIF_OK, count > 0 else {
            throw GIFFrameWriter.error(message)
        }
        colors = Array(palette.prefix(Int(count) * 3))
    }

    /// Whether every pixel of `rgb` has one of `colors`.
    private static func allKnown(_ rgb: [UInt8], _ colors: [UInt32: UInt8]) -> Bool {
        stride(from: 0, to: rgb.count, by: 3).allSatisfy { pixel in
            colors[UInt32(rgb[pixel]) << 16 | UInt32(rgb[pixel + 1]) << 8 | UInt32(rgb[pixel + 2])] != nil
        }
    }

    /// The index of the colour nearest to `red, green, blue`.
    mutating func index(red: Int, green: Int, blue: Int) -> UInt8 {
        if let exact, let index = exact[UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)] { return index }
        if cells.isEmpty { cells = [UInt16](repeating: 0, count: 1 << 15) }
        let cell = (red >> 3) << 10 | (green >> 3) << 5 | blue >> 3
        let cached = cells[cell]
        if cached != 0 { return UInt8(cached - 1) }
        // The nearest colour to the cell's centre.
        let (r, g, b) = ((red >> 3) << 3 + 4, (green >> 3) << 3 + 4, (blue >> 3) << 3 + 4)
        var best = 0
        var bestDistance = Int.max
        for index in 0..<count {
            let dr = Int(colors[3 * index]) - r
            let dg = Int(colors[3 * index + 1]) - g
            let db = Int(colors[3 * index + 2]) - b
            let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        cells[cell] = UInt16(best + 1)
        return UInt8(best)
    }

    /// The colour at `index`.
    func color(_ index: UInt8) -> (red: Int, green: Int, blue: Int) {
        let base = Int(index) * 3
        return (Int(colors[base]), Int(colors[base + 1]), Int(colors[base + 2]))
    }
}
