// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

extension BMPHeader {
    /// The bytes a stored row takes, padded to four.
    var rowStride: Int { (width * bitsPerPixel + 31) / 32 * 4 }

    /// Writes the pixels stored at `offset` of `bytes` into `output` (RGBA rows, top first).
    func decodePixels(
        _ bytes: UnsafeRawBufferPointer,
        at offset: Int,
        into output: UnsafeMutableBufferPointer<UInt8>
    ) throws(ImageDecodingError) {
        switch compression {
        case .rle8, .rle4: try decodeRunLengths(bytes, at: offset, into: output)
        case .none, .bitFields:
            let (needed, overflow) = rowStride.multipliedReportingOverflow(by: height)
            guard offset >= 0, !overflow, offset <= bytes.count, needed <= bytes.count - offset else {
                throw .truncated
            }
            for storedRow in 0..<height {
                let row = isTopDown ? storedRow : height - 1 - storedRow
                let source = bytes.baseAddress! + offset + storedRow * rowStride
                let target = output.baseAddress! + row * width * 4
                decodeRow(source, into: target)
            }
        }
    }

    /// One uncompressed row.
    private func decodeRow(_ source: UnsafeRawPointer, into target: UnsafeMutablePointer<UInt8>) {
        switch bitsPerPixel {
        case 24:
            for x in 0..<width {
                let pixel = source + x * 3
                target[x * 4] = pixel.load(fromByteOffset: 2, as: UInt8.self)
                target[x * 4 + 1] = pixel.load(fromByteOffset: 1, as: UInt8.self)
                target[x * 4 + 2] = pixel.load(as: UInt8.self)
                target[x * 4 + 3] = 255
            }
        case 32 where masks.red.mask == 0xFF_0000 && masks.green.mask == 0xFF00 && masks.blue.mask == 0xFF:
            let keepsAlpha = masks.alpha.mask == 0xFF00_0000
            for x in 0..<width {
                let pixel = source + x * 4
                target[x * 4] = pixel.load(fromByteOffset: 2, as: UInt8.self)
                target[x * 4 + 1] = pixel.load(fromByteOffset: 1, as: UInt8.self)
                target[x * 4 + 2] = pixel.load(as: UInt8.self)
                target[x * 4 + 3] = keepsAlpha ? pixel.load(fromByteOffset: 3, as: UInt8.self) : 255
            }
        case 16, 32:
            let size = bitsPerPixel / 8
            for x in 0..<width {
                var pixel: UInt32 = 0
                for byte in 0..<size {
                    pixel |= UInt32(source.load(fromByteOffset: x * size + byte, as: UInt8.self)) << (8 * byte)
                }
                target[x * 4] = masks.red.value(of: pixel)
                target[x * 4 + 1] = masks.green.value(of: pixel)
                target[x * 4 + 2] = masks.blue.value(of: pixel)
                target[x * 4 + 3] = masks.alpha.mask == 0 ? 255 : masks.alpha.value(of: pixel)
            }
        case 8:
            palette.withUnsafeBufferPointer { colors in
                let output = UnsafeMutableRawPointer(target)
                for x in 0..<width {
                    let color = colors[Int(source.load(fromByteOffset: x, as: UInt8.self))]
                    output.storeBytes(of: color.littleEndian, toByteOffset: x * 4, as: UInt32.self)
                }
            }
        default:  // 1, 2 or 4 bits: indices into the palette, the first pixel in the high bits
            let bits = bitsPerPixel
            let perByte = 8 / bits
            let indexMask = (1 << bits) - 1
            palette.withUnsafeBufferPointer { colors in
                for x in 0..<width {
                    let byte = Int(source.load(fromByteOffset: x / perByte, as: UInt8.self))
                    let index = byte >> (8 - bits - x % perByte * bits) & indexMask
                    store(colors[index], at: x, in: target)
                }
            }
        }
    }

    /// RLE8 or RLE4 pixels: runs, literal stretches, ends of rows, jumps; what no code reaches is
    /// the palette's first colour, as in Pillow. Data that ends before the end-of-bitmap code with
    /// rows still to go is truncated.
    private func decodeRunLengths(
        _ bytes: UnsafeRawBufferPointer,
        at offset: Int,
        into output: UnsafeMutableBufferPointer<UInt8>
    ) throws(ImageDecodingError) {
        guard offset >= 0, offset <= bytes.count else { throw .truncated }
        let background = palette[0]
        for index in 0..<width * height { store(background, at: index, in: output.baseAddress!) }
        let isRLE4 = compression == .rle4
        var (x, storedRow, position) = (0, 0, offset)
        func put(_ index: Int) {
            guard x < width, storedRow < height else { return }
            let row = isTopDown ? storedRow : height - 1 - storedRow
            store(palette[index], at: row * width + x, in: output.baseAddress!)
            x += 1
        }
        while position + 1 < bytes.count {
            let (count, value) = (Int(bytes[position]), Int(bytes[position + 1]))
            position += 2
            if count > 0 {
                for step in 0..<count {
                    put(isRLE4 ? (step % 2 == 0 ? value >> 4 : value & 0x0F) : value)
                }
                continue
            }
            switch value {
            case 0: (x, storedRow) = (0, storedRow + 1)
            case 1: return
            case 2:
                guard position + 1 < bytes.count else { throw .truncated }
                (x, storedRow) = (x + Int(bytes[position]), storedRow + Int(bytes[position + 1]))
                position += 2
            default:
                let length = isRLE4 ? (value + 1) / 2 : value
                guard position + length <= bytes.count else { throw .truncated }
                for step in 0..<value {
                    let byte = Int(bytes[position + (isRLE4 ? step / 2 : step)])
                    put(isRLE4 ? (step % 2 == 0 ? byte >> 4 : byte & 0x0F) : byte)
                }
                position += (length + 1) & ~1  // literal stretches are padded to 16 bits
            }
            if storedRow >= height { return }
        }
        throw .truncated
    }

    @inline(__always)
    private func store(_ color: UInt32, at index: Int, in target: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(target + index * 4).storeBytes(of: color.littleEndian, as: UInt32.self)
    }
}
