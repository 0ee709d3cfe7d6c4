// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

/// A Gaussian blur made of extended box blurs (Gwosdek, Grewenig, Bruhn and Weickert, "Theoretical
/// foundations of Gaussian convolution by extended box filtering", 2011): a box whose radius has a
/// fractional part `a`, the two samples just outside the whole part weighted by `a`, so three
/// passes match the Gaussian's variance exactly. Pillow's `GaussianBlur` and `UnsharpMask` blur
/// this way — all horizontal passes, then all vertical ones, in 24-bit fixed point, rounding to
/// 8 bits after each — and so does this, so sharpening matches Pillow's output. Edges are
/// extended; every channel is blurred, alpha included, as Pillow does.
enum ExtendedBoxBlur {
    /// The radius of one of `passes` extended boxes whose sum has variance `sigma²`.
    static func radius(sigma: Double, passes: Int) -> Double {
        let variance = sigma * sigma / Double(passes)
        let length = (12 * variance + 1).squareRoot()
        let whole = ((length - 1) / 2).rounded(.down)
        let fraction =
            (2 * whole + 1) * (whole * (whole + 1) - 3 * variance) / (6 * (variance - (whole + 1) * (whole + 1)))
        return whole + fraction
    }

    /// `image` blurred by `passes` extended boxes each way for a Gaussian of deviation `sigma`.
    static func blur(_ image: Bitmap, sigma: Double, passes: Int = 3) throws -> Bitmap {
        let radius = radius(sigma: sigma, passes: passes)
        guard radius > 0, radius.isFinite, image.width > 0, image.height > 0 else { return image }
        let (width, height) = (image.width, image.height)
        let channels = image.pixelFormat.bytesPerPixel
        let rowLength = width * channels
        var result = [UInt8](repeating: 0, count: rowLength * height)
        var scratch = result
        image.withUnsafeBytes { source in
            result.withUnsafeMutableBytes { target in
                for y in 0..<height {
                    (target.baseAddress! + y * rowLength).copyMemory(
                        from: source.baseAddress! + y * image.bytesPerRow,
                        byteCount: rowLength
                    )
                }
            }
        }
        let box = Box(radius: radius)
        result.withUnsafeMutableBufferPointer { first in
            scratch.withUnsafeMutableBufferPointer { second in
                var (from, to) = (first.baseAddress!, second.baseAddress!)
                var padded = [UInt8](repeating: 0, count: box.paddedLength(width) * channels)
                for _ in 0..<passes {
                    for y in 0..<height {
                        box.blurRow(
                            from + y * rowLength,
                            into: to + y * rowLength,
                            width: width,
                            channels: channels,
                            &padded
                        )
                    }
                    swap(&from, &to)
                }
                for _ in 0..<passes {
                    box.blurColumns(from, into: to, rowLength: rowLength, height: height)
                    swap(&from, &to)
                }
                // An even number of passes in all: the result is back in `first`.
            }
        }
        return try Bitmap(
            width: width,
            height: height,
            pixelFormat: image.pixelFormat,
            pixels: result,
            isOpaque: image.isOpaque ? true : nil
        )
    }

    /// One extended box in 24-bit fixed point: a whole radius, the weight of each of the
    /// `2·whole + 1` samples inside it, and the weight of the two just outside; the weights add
    /// up to 2²⁴.
    private struct Box {
        let whole: Int
        let innerWeight: Int
        let outerWeight: Int
        static let one = 1 << 24

        init(radius: Double) {
            // Capped far beyond any image (a wider box averages the extended edges alike), where
            // a window's sum, (2·whole + 1)·255, still fits 31 bits.
            let capped = min(radius, Double(1 << 22))
            whole = Int(capped.rounded(.down))
            innerWeight = Int(Double(Self.one) / (2 * capped + 1))
            outerWeight = (Self.one - (2 * whole + 1) * innerWeight) / 2
        }

        /// The sum of the window of `2·whole + 1` samples centred on the first one, edges
        /// extended; `sample(i)` reads the sample at `i` (0 ..< `count`).
        @inline(__always)
        private func firstWindow(count: Int, _ sample: (Int) -> Int) -> Int {
            let inside = min(whole, count - 1)
            var sum = (whole + 1) * sample(0) + (whole - inside) * sample(count - 1)
            if inside >= 1 { for index in 1...inside { sum += sample(index) } }
            return sum
        }

        /// The length of a line of `count` pixels with `whole + 1` more at each end, when that
        /// is not much longer than the line (else 0: the line is blurred without padding).
        func paddedLength(_ count: Int) -> Int {
            whole <= count ? count + 2 * (whole + 1) : 0
        }

        /// Blurs a row of `width` pixels of `channels` bytes at `source` into `target`: through
        /// `padded` (edges copied out, so the loop needs no bounds), RGBA four channels at once.
        func blurRow(
            _ source: UnsafePointer<UInt8>,
            into target: UnsafeMutablePointer<UInt8>,
            width: Int,
            channels: Int,
            _ padded: inout [UInt8]
        ) {
            guard paddedLength(width) > 0 else {
                for channel in 0..<channels {
                    blurLine(source + channel, into: target + channel, count: width, step: channels)
                }
                return
            }
            let margin = whole + 1
            padded.withUnsafeMutableBufferPointer { padded in
                let line = padded.baseAddress!
                for index in 0..<margin {
                    for channel in 0..<channels {
                        line[index * channels + channel] = source[channel]
                        line[(margin + width + index) * channels + channel] = source[(width - 1) * channels + channel]
                    }
                }
                (line + margin * channels).update(from: source, count: width * channels)
                if channels == 4 {
                    blurPaddedRGBA(line, margin: margin, into: target, width: width)
                } else {
                    blurPaddedGray(line, margin: margin, into: target, width: width)
                }
            }
        }

        /// The padded RGBA row blurred, four channels in SIMD lanes. 32-bit sums are exact: a
        /// window holds at most `(2·whole + 1)·255` and the weighted sums stay under 2³².
        private func blurPaddedRGBA(
            _ line: UnsafePointer<UInt8>,
            margin: Int,
            into target: UnsafeMutablePointer<UInt8>,
            width: Int
        ) {
            @inline(__always) func pixel(_ index: Int) -> SIMD4<UInt32> {
                let base = line + index * 4
                return SIMD4(UInt32(base[0]), UInt32(base[1]), UInt32(base[2]), UInt32(base[3]))
            }
            let (inner, outer) = (UInt32(innerWeight), UInt32(outerWeight))
            let half = SIMD4<UInt32>(repeating: UInt32(Self.one / 2))
            var window = SIMD4<UInt32>.zero
            for index in (margin - whole)...(margin + whole) { window &+= pixel(index) }
            for x in 0..<width {
                let center = margin + x
                let sum = window &* inner &+ (pixel(center - whole - 1) &+ pixel(center + whole + 1)) &* outer &+ half
                let value = SIMD4<UInt8>(truncatingIfNeeded: sum &>> 24)
                let output = target + x * 4
                output[0] = value.x
                output[1] = value.y
                output[2] = value.z
                output[3] = value.w
                if x + 1 < width { window &+= pixel(center + whole + 1) &- pixel(center - whole) }
            }
        }

        /// The padded gray row blurred.
        private func blurPaddedGray(
            _ line: UnsafePointer<UInt8>,
            margin: Int,
            into target: UnsafeMutablePointer<UInt8>,
            width: Int
        ) {
            let (inner, outer) = (UInt32(innerWeight), UInt32(outerWeight))
            var window: UInt32 = 0
            for index in (margin - whole)...(margin + whole) { window &+= UInt32(line[index]) }
            for x in 0..<width {
                let center = margin + x
                let sum =
                    window &* inner &+ (UInt32(line[center - whole - 1]) &+ UInt32(line[center + whole + 1])) &* outer
                target[x] = UInt8(truncatingIfNeeded: (sum &+ UInt32(Self.one / 2)) >> 24)
                if x + 1 < width { window = window &+ UInt32(line[center + whole + 1]) &- UInt32(line[center - whole]) }
            }
        }

        /// Blurs the `count` samples `step` apart at `source` into `target`, edges clamped.
        func blurLine(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, count: Int, step: Int) {
            let last = count - 1
            @inline(__always) func sample(_ index: Int) -> Int { Int(source[min(max(index, 0), last) * step]) }
            var window = firstWindow(count: count, sample)
            for index in 0..<count {
                let outer = sample(index - whole - 1) + sample(index + whole + 1)
                target[index * step] = UInt8(
                    truncatingIfNeeded: (window * innerWeight + outer * outerWeight + Self.one / 2) >> 24
                )
                window += sample(index + whole + 1) - sample(index - whole)
            }
        }

        /// Blurs every column of `height` rows of `rowLength` samples at once, walking rows in
        /// order so that memory is read contiguously.
        func blurColumns(
            _ source: UnsafePointer<UInt8>,
            into target: UnsafeMutablePointer<UInt8>,
            rowLength: Int,
            height: Int
        ) {
            let last = height - 1
            @inline(__always) func row(_ y: Int) -> UnsafePointer<UInt8> { source + min(max(y, 0), last) * rowLength }
            // 32-bit sums are exact, as in `blurPaddedRGBA`.
            var windows = [UInt32](repeating: 0, count: rowLength)
            let (inner, outer) = (UInt32(innerWeight), UInt32(outerWeight))
            let half = UInt32(Self.one / 2)
            windows.withUnsafeMutableBufferPointer { windows in
                // The first windows, row by row (as `firstWindow` sums one line).
                let inside = min(whole, last)
                let (top, bottom) = (row(0), row(last))
                let (topCount, bottomCount) = (UInt32(whole + 1), UInt32(whole - inside))
                for column in 0..<rowLength {
                    windows[column] = topCount &* UInt32(top[column]) &+ bottomCount &* UInt32(bottom[column])
                }
                if inside >= 1 {
                    for y in 1...inside {
                        let line = row(y)
                        for column in 0..<rowLength { windows[column] &+= UInt32(line[column]) }
                    }
                }
                for y in 0..<height {
                    let (before, after, leaving) = (row(y - whole - 1), row(y + whole + 1), row(y - whole))
                    let output = target + y * rowLength
                    for column in 0..<rowLength {
                        let sides = UInt32(before[column]) &+ UInt32(after[column])
                        let value = windows[column] &* inner &+ sides &* outer &+ half
                        output[column] = UInt8(truncatingIfNeeded: value >> 24)
                        windows[column] = windows[column] &+ UInt32(after[column]) &- UInt32(leaving[column])
                    }
                }
            }
        }
    }
}
