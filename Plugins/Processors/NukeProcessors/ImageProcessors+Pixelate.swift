// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImageProcessors {
    /// Replaces each `size × size` block, counted from the top-left corner, with its average
    /// colour (weighted by alpha, so transparent pixels lend no colour), as imgproxy's `pixelate`
    /// does; blocks at the right and bottom edges may be smaller. Gray stays gray.
    ///
    /// NukeFilters' `CIPixellate` is Core Image's variant: blocks centred on a point, each the
    /// colour of its middle pixel.
    public struct Pixelate: ImageProcessing, Hashable, CustomStringConvertible {
        /// The side of a block in pixels (at least 1; 1 changes nothing).
        public let size: Int

        /// Creates the processor (8-pixel blocks by default).
        public init(size: Int = 8) {
            self.size = max(1, size)
        }

        /// `com.github.kean/nuke/pixelate?size=<n>`.
        public var identifier: String { "com.github.kean/nuke/pixelate?size=\(size)" }

        /// `Pixelate(size: n)`.
        public var description: String { "Pixelate(size: \(size))" }

        /// The pixelated image.
        public func process(_ image: Bitmap) -> Bitmap? {
            guard size > 1, image.width > 0, image.height > 0 else { return image }
            let block = min(size, max(image.width, image.height))
            let channels = image.pixelFormat.bytesPerPixel
            let stride = image.bytesPerRow
            let outputStride = image.width * channels
            return try? Bitmap(
                width: image.width,
                height: image.height,
                pixelFormat: image.pixelFormat,
                isOpaque: image.isOpaque ? true : nil
            ) { buffer in
                image.withUnsafeBytes { source in
                    for top in Swift.stride(from: 0, to: image.height, by: block) {
                        let bottom = min(image.height, top + block)
                        for left in Swift.stride(from: 0, to: image.width, by: block) {
                            let right = min(image.width, left + block)
                            let value = Self.average(
                                source,
                                stride: stride,
                                channels: channels,
                                columns: left..<right,
                                rows: top..<bottom
                            )
                            for y in top..<bottom {
                                var to = y * outputStride + left * channels
                                for _ in left..<right {
                                    for channel in 0..<channels { buffer[to + channel] = value[channel] }
                                    to += channels
                                }
                            }
                        }
                    }
                }
            }
        }

        /// The block's mean: RGB weighted by alpha (alpha itself plain), or the gray mean; each
        /// rounded to the nearest level.
        private static func average(
            _ source: UnsafeRawBufferPointer,
            stride: Int,
            channels: Int,
            columns: Range<Int>,
            rows: Range<Int>
        ) -> SIMD4<UInt8> {
            var sums = SIMD4<Int64>.zero
            var alphaSum: Int64 = 0
            for y in rows {
                var offset = y * stride + columns.lowerBound * channels
                for _ in columns {
                    if channels == 1 {
                        sums.x += Int64(source[offset])
                    } else {
                        let alpha = Int64(source[offset + 3])
                        sums.x += Int64(source[offset]) * alpha
                        sums.y += Int64(source[offset + 1]) * alpha
                        sums.z += Int64(source[offset + 2]) * alpha
                        alphaSum += alpha
                    }
                    offset += channels
                }
            }
            let count = Int64(rows.count * columns.count)
            func rounded(_ value: Int64, _ divisor: Int64) -> UInt8 {
                divisor == 0 ? 0 : UInt8(truncatingIfNeeded: (value + divisor / 2) / divisor)
            }
            if channels == 1 { return SIMD4(rounded(sums.x, count), 0, 0, 0) }
            return SIMD4(
                rounded(sums.x, alphaSum),
                rounded(sums.y, alphaSum),
                rounded(sums.z, alphaSum),
                rounded(alphaSum, count)
            )
        }
    }
}
