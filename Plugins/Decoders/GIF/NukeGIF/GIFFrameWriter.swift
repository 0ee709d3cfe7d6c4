// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeGIF
internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Writes frames (RGBA canvases of the screen's size) into a GIF, each as the rectangle that
/// changed since the screen before it, with a palette of its own. Used by one thread.
///
/// A frame is written once the next one is known: when the next frame makes opaque pixels
/// transparent, which drawing cannot do, the frame is written whole and disposed of (cleared)
/// after it is shown.
final class GIFFrameWriter {
    private typealias Rect = (x: Int, y: Int, width: Int, height: Int)

    private let writer: OpaquePointer
    private let width: Int
    private let height: Int
    private let dithers: Bool
    /// The frame written when the next one comes, and its delay in seconds.
    private var pending: (frame: Bitmap, delay: Double)?
    /// The bytes of what the screen shows before the pending frame is drawn (the last frame
    /// written, kept from writing it); `nil`: all transparent.
    private var screen: [UInt8]?

    init(width: Int, height: Int, loopCount: Int, dithers: Bool) throws {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw ImageEncodingError.unsupportedImage(reason: "\(width)×\(height) cannot be a GIF")
        }
        var writer: OpaquePointer?
        var message = Self.messageBuffer()
        let status = nuke_gif_writer_open(
            Int32(width),
            Int32(height),
            Int32(clamping: max(0, loopCount)),
            &writer,
            &message
        )
        guard status == NUKE_GIF_OK, let writer else { throw Self.error(message) }
        self.writer = writer
        self.width = width
        self.height = height
        self.dithers = dithers
    }

    deinit {
        nuke_gif_writer_close(writer)
    }

    /// Adds `frame` (RGBA, the screen's size), shown for `delay` seconds.
    func add(_ frame: Bitmap, delay: Double) throws {
        guard frame.width == width, frame.height == height, frame.pixelFormat == .rgba8 else {
            throw ImageEncodingError.unsupportedImage(
                reason: "a \(frame.width)×\(frame.height) frame in a \(width)×\(height) animation"
            )
        }
        if let pending { try write(pending.frame, delay: pending.delay, next: frame) }
        pending = (frame, delay)
    }

    /// Writes the last frame and the trailer; the GIF's bytes.
    func finish() throws -> Data {
        if let pending { try write(pending.frame, delay: pending.delay, next: nil) }
        pending = nil
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = Self.messageBuffer()
        guard nuke_gif_writer_finish(writer, &output, &size, &message) == NUKE_GIF_OK, let output else {
            throw Self.error(message)
        }
        return Data(bytesNoCopy: output, count: size, deallocator: .custom { pointer, _ in nuke_gif_free(pointer) })
    }

    // MARK: One frame

    private func write(_ frame: Bitmap, delay: Double, next: Bitmap?) throws {
        let clears = next.map { Self.uncovers($0, over: frame) } ?? false
        let pixels = frame.withUnsafeBytes { Array($0.bindMemory(to: UInt8.self)) }
        let before = screen
        let stride = frame.bytesPerRow
        /// Whether the frame must draw the pixel at `offset`: it is opaque and not already shown.
        func draws(_ offset: Int) -> Bool {
            guard pixels[offset + 3] >= 128 else { return false }
            guard let before, before[offset + 3] >= 128 else { return true }
            return pixels[offset] != before[offset] || pixels[offset + 1] != before[offset + 1]
                || pixels[offset + 2] != before[offset + 2]
        }
        let rect =
            clears
            ? (x: 0, y: 0, width: width, height: height)
            : changedRect(stride: stride, draws: draws) ?? (x: 0, y: 0, width: 1, height: 1)
        var drawn: [UInt8] = []
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width where draws(y * stride + x * 4) {
                drawn += pixels[y * stride + x * 4..<y * stride + x * 4 + 3]
            }
        }
        var palette = try GIFPalette(quantizing: drawn)
        let transparent = UInt8(palette.count)
        var indices = [UInt8](repeating: transparent, count: rect.width * rect.height)
        // Floyd–Steinberg error of this row and the next, 3 channels a pixel.
        let diffuses = dithers && !palette.isExact
        var errors = [[Int]](repeating: [Int](repeating: 0, count: (rect.width + 2) * 3), count: 2)
        for row in 0..<rect.height {
            let y = rect.y + row
            if diffuses { errors.swapAt(0, 1); errors[1] = [Int](repeating: 0, count: (rect.width + 2) * 3) }
            for column in 0..<rect.width {
                let offset = y * stride + (rect.x + column) * 4
                guard draws(offset) else { continue }
                guard diffuses else {
                    indices[row * rect.width + column] = palette.index(
                        red: Int(pixels[offset]),
                        green: Int(pixels[offset + 1]),
                        blue: Int(pixels[offset + 2])
                    )
                    continue
                }
                let cell = (column + 1) * 3
                let wanted = (0..<3).map { min(255, max(0, Int(pixels[offset + $0]) + errors[0][cell + $0] / 16)) }
                let index = palette.index(red: wanted[0], green: wanted[1], blue: wanted[2])
                indices[row * rect.width + column] = index
                let chosen = palette.color(index)
                for (channel, value) in [chosen.red, chosen.green, chosen.blue].enumerated() {
                    let error = wanted[channel] - value
                    errors[0][cell + 3 + channel] += error * 7
                    errors[1][cell - 3 + channel] += error * 3
                    errors[1][cell + channel] += error * 5
                    errors[1][cell + 3 + channel] += error
                }
            }
        }
        var message = Self.messageBuffer()
        let status = indices.withUnsafeBufferPointer { indices in
            palette.colors.withUnsafeBufferPointer { colors in
                nuke_gif_writer_add(
                    writer,
                    indices.baseAddress,
                    Int32(rect.x),
                    Int32(rect.y),
                    Int32(rect.width),
                    Int32(rect.height),
                    colors.baseAddress,
                    Int32(palette.count + 1),
                    Int32(transparent),
                    Int32(clamping: Int((max(0, delay) * 100).rounded())),
                    clears ? 2 : 1,
                    &message
                )
            }
        }
        guard status == NUKE_GIF_OK else { throw Self.error(message) }
        screen = clears ? nil : pixels
    }

    /// The bounding box of the pixels the frame draws, or `nil` if it draws none.
    private func changedRect(stride: Int, draws: (Int) -> Bool) -> Rect? {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        for y in 0..<height {
            for x in 0..<width where draws(y * stride + x * 4) {
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// Whether `next` is transparent where `frame` is opaque, which drawing over it cannot do.
    private static func uncovers(_ next: Bitmap, over frame: Bitmap) -> Bool {
        next.withUnsafeBytes { next in
            frame.withUnsafeBytes { frame in
                Swift.stride(from: 3, to: min(next.count, frame.count), by: 4).contains {
                    next[$0] < 128 && frame[$0] >= 128
                }
            }
        }
    }

    private static func messageBuffer() -> [CChar] {
        [CChar](repeating: 0, count: Int(NUKE_GIF_MESSAGE_SIZE))
    }

    /// The encoding error a message of the C shim reports.
    static func error(_ message: [CChar]) -> ImageEncodingError {
        .failed(
            reason: "giflib: "
                + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        )
    }
}
