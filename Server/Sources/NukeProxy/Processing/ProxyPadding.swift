// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Nuke

/// imgproxy's `padding`: a border around the result, in `bg`'s colour or transparent, which
/// makes the result larger by its sizes.
public struct ProxyPadding: ImageProcessing, Hashable {
    /// Pixels above the image.
    public var top: Int
    /// Pixels right of the image.
    public var right: Int
    /// Pixels below the image.
    public var bottom: Int
    /// Pixels left of the image.
    public var left: Int
    /// The border's colour; `nil` for transparent (black where the format has no alpha).
    public var color: ImageProcessingOptions.Color?
    /// When set, the sizes are CSS pixels, multiplied (rounded half to even, as imgproxy rounds
    /// them) by the ratio the ``ProxyResize`` before made its result at, or by this one without it.
    public var devicePixelRatio: Double?

    /// A border of the given sizes in pixels (negative sizes count as 0, sizes past 2^24 as
    /// 2^24, which no pixel limit lets through).
    public init(
        top: Int,
        right: Int,
        bottom: Int,
        left: Int,
        color: ImageProcessingOptions.Color? = nil,
        devicePixelRatio: Double? = nil
    ) {
        func side(_ value: Int) -> Int { min(max(0, value), 1 << 24) }
        (self.top, self.right, self.bottom, self.left) = (side(top), side(right), side(bottom), side(left))
        self.color = color
        self.devicePixelRatio = devicePixelRatio.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// `nuke-server/padding?t=…,r=…,b=…,l=…,c=…` (and `,dpr=…`).
    public var identifier: String {
        // Only when it changes something, so that the keys of results made before stay.
        let ratio = devicePixelRatio.flatMap { $0 == 1 ? nil : ",dpr=\($0)" } ?? ""
        return
            "nuke-server/padding?t=\(top),r=\(right),b=\(bottom),l=\(left),c=\(color.map { "\($0)" } ?? "none")\(ratio)"
    }

    /// The image inside its border.
    ///
    /// - Throws: `ImageProcessingError.outputTooLarge` before allocating a result over the
    ///   pipeline's pixel limit.
    public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        let ratio = container.userInfo[.proxyPixelRatioKey] as? Double
        let output = try inPixels(ratio: ratio).padded(container.image, limit: context.maximumPixelCount)
        return container.map { _ in output }
    }

    /// The border in pixels: as it is, or its CSS pixels times `ratio` (else
    /// ``devicePixelRatio``).
    private func inPixels(ratio: Double?) -> ProxyPadding {
        guard let devicePixelRatio else { return self }
        let ratio = ratio ?? devicePixelRatio
        return ProxyPadding(
            top: Self.pixels(top, ratio: ratio),
            right: Self.pixels(right, ratio: ratio),
            bottom: Self.pixels(bottom, ratio: ratio),
            left: Self.pixels(left, ratio: ratio),
            color: color
        )
    }

    /// A side of CSS pixels in pixels at `ratio`, rounded half to even (imgproxy's `ScaleToEven`).
    static func pixels(_ side: Int, ratio: Double) -> Int {
        Int(min(Double(1 << 24), Double(side) * ratio).rounded(.toNearestOrEven))
    }

    /// The image inside its border, or `nil` on failure (a result over the pipeline's default
    /// pixel limit among them).
    public func process(_ image: Bitmap) -> Bitmap? {
        try? inPixels(ratio: nil).padded(image, limit: ImagePipeline.Configuration.defaultMaximumDecodedPixelCount)
    }

    private func padded(_ image: Bitmap, limit: Int) throws -> Bitmap {
        guard top > 0 || right > 0 || bottom > 0 || left > 0 else { return image }
        try ImageProcessingError.checkOutputSize(
            width: image.width + left + right,
            height: image.height + top + bottom,
            limit: limit
        )
        let source = image.pixelFormat == .rgba8 ? image : try image.convertedToRGBA()
        let fill = color.map { color in
            [color.red, color.green, color.blue, color.alpha].map { UInt8(($0 * 255).rounded()) }
        }
        let border = fill ?? [0, 0, 0, 0]
        let (width, height) = (source.width + left + right, source.height + top + bottom)
        let rowBytes = source.width * 4
        return try Bitmap(
            width: width,
            height: height,
            pixelFormat: .rgba8,
            isOpaque: border[3] == 255 && source.isOpaque
        ) { output in
            for offset in stride(from: 0, to: output.count, by: 4) {
                output[offset] = border[0]
                output[offset + 1] = border[1]
                output[offset + 2] = border[2]
                output[offset + 3] = border[3]
            }
            source.withUnsafeBytes { pixels in
                for y in 0..<source.height {
                    let target = ((y + top) * width + left) * 4
                    let row = UnsafeRawBufferPointer(rebasing: pixels[(y * source.bytesPerRow)...].prefix(rowBytes))
                    UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(output)[target...])
                        .copyMemory(from: row)
                }
            }
        }
    }
}
