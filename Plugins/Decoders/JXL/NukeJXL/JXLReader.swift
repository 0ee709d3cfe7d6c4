// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibJXL
internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// One libjxl decoder over its own copy of a file's bytes, from the header to the frames in
/// order. Used by one thread at a time.
final class JXLReader {
    private let decoder: OpaquePointer
    private let bytes: UnsafeMutableRawBufferPointer

    /// The size after the file's orientation is applied (libjxl applies it).
    let width: Int
    let height: Int
    let hasAlpha: Bool
    let isAnimated: Bool
    /// How many times an animation plays (0: for ever).
    let loopCount: Int
    /// Seconds per tick of an animation's frame durations.
    let secondsPerTick: Double
    /// The colour profile of the decoded pixels, as ICC bytes.
    private(set) var iccProfile: Data?

    /// Reads the header and the colour profile; throws `imageTooLarge` past `maximumPixelCount`
    /// before any pixel is decoded. With `headersOnly`, frames are only listed, never decoded.
    /// With `isPartial`, `data` is the start of a download: ``preview()`` then renders what of the
    /// first frame has arrived, and the header itself may be `truncated`.
    init(data: Data, maximumPixelCount: Int, headersOnly: Bool = false, isPartial: Bool = false) throws {
        guard let decoder = JxlDecoderCreate(nil) else {
            throw ImageDecodingError.corrupt(reason: "libjxl could not create a decoder")
        }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 16)
        data.copyBytes(to: bytes)
        (self.decoder, self.bytes) = (decoder, bytes)
        // An initializer that throws before every property is set never reaches `deinit`.
        var isInitialized = false
        defer {
            if !isInitialized {
                JxlDecoderDestroy(decoder)
                bytes.deallocate()
            }
        }
        var events = JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FRAME.rawValue
        if !headersOnly { events |= JXL_DEC_FULL_IMAGE.rawValue }
        if isPartial { events |= JXL_DEC_FRAME_PROGRESSION.rawValue }
        try Self.check(JxlDecoderSubscribeEvents(decoder, Int32(events)))
        if isPartial { try Self.check(JxlDecoderSetProgressiveDetail(decoder, kPasses)) }
        try Self.check(JxlDecoderSetInput(decoder, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), data.count))
        if !isPartial { JxlDecoderCloseInput(decoder) }
        var info = JxlBasicInfo()
        try Self.expect(JXL_DEC_BASIC_INFO, from: decoder)
        try Self.check(JxlDecoderGetBasicInfo(decoder, &info))
        let swaps = info.orientation.rawValue > 4  // orientations 5…8 turn a quarter
        let (width, height) = swaps ? (Int(info.ysize), Int(info.xsize)) : (Int(info.xsize), Int(info.ysize))
        guard width > 0, height > 0 else { throw ImageDecodingError.corrupt(reason: "the JPEG XL image has no pixels") }
        guard width * height <= maximumPixelCount else {
            throw ImageDecodingError.imageTooLarge(width: width, height: height, limit: maximumPixelCount)
        }
        (self.width, self.height) = (width, height)
        hasAlpha = info.alpha_bits > 0
        isAnimated = info.have_animation != 0
        loopCount = Int(info.animation.num_loops)
        secondsPerTick =
            info.animation.tps_numerator > 0
            ? Double(info.animation.tps_denominator) / Double(info.animation.tps_numerator) : 0
        isInitialized = true  // from here on, `deinit` frees them
        try Self.expect(JXL_DEC_COLOR_ENCODING, from: decoder)
        iccProfile = readICCProfile()
    }

    deinit {
        JxlDecoderDestroy(decoder)
        bytes.deallocate()
    }

    /// Every frame's duration in seconds, reading frame headers only; throws `tooManyFrames`
    /// past `limit`. For a reader made with `headersOnly`.
    func frameDurations(limit: Int) throws -> [Double] {
        var durations: [Double] = []
        while true {
            let status = JxlDecoderProcessInput(decoder)
            switch status {
            case JXL_DEC_FRAME:
                var header = JxlFrameHeader()
                try Self.check(JxlDecoderGetFrameHeader(decoder, &header))
                durations.append(Double(header.duration) * secondsPerTick)
                guard durations.count <= limit else { throw ImageDecodingError.tooManyFrames(limit: limit) }
            case JXL_DEC_SUCCESS:
                return durations
            default:
                throw Self.error(status)
            }
        }
    }

    /// Decodes the next frame to straight-alpha RGBA, orientation applied; `nil` after the last.
    func nextFrame() throws -> Bitmap? {
        var status = JxlDecoderProcessInput(decoder)
        if status == JXL_DEC_SUCCESS { return nil }
        guard status == JXL_DEC_FRAME else { throw Self.error(status) }
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        return try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: hasAlpha ? nil : true) {
            buffer in
            status = JxlDecoderProcessInput(decoder)
            guard status == JXL_DEC_NEED_IMAGE_OUT_BUFFER else { throw Self.error(status) }
            var size = 0
            try Self.check(JxlDecoderImageOutBufferSize(decoder, &format, &size))
            guard size == buffer.count else {
                throw ImageDecodingError.corrupt(reason: "a frame of \(size) bytes in an image of \(buffer.count)")
            }
            try Self.check(JxlDecoderSetImageOutBuffer(decoder, &format, buffer.baseAddress, buffer.count))
            status = JxlDecoderProcessInput(decoder)
            guard status == JXL_DEC_FULL_IMAGE else { throw Self.error(status) }
        }
    }

    /// For a reader of partial data: the first frame as far as it has arrived, from the moment
    /// its 1:8 image (the DC) is complete: libjxl upsamples what it has, with every group
    /// decoded so far at full detail. `nil` before then, and for a frame without progressive
    /// steps (lossless) until it is whole.
    func preview() throws -> Bitmap? {
        let status = JxlDecoderProcessInput(decoder)
        if status == JXL_DEC_NEED_MORE_INPUT { return nil }
        guard status == JXL_DEC_FRAME else { throw Self.error(status) }
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        do {
            let image = try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: hasAlpha ? nil : true) {
                buffer in
                var hasProgressed = false
                while true {
                    switch JxlDecoderProcessInput(decoder) {
                    case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                        var size = 0
                        try Self.check(JxlDecoderImageOutBufferSize(decoder, &format, &size))
                        guard size == buffer.count else { throw NoPreviewYet() }
                        try Self.check(JxlDecoderSetImageOutBuffer(decoder, &format, buffer.baseAddress, buffer.count))
                    case JXL_DEC_FRAME_PROGRESSION:
                        hasProgressed = true
                    case JXL_DEC_FULL_IMAGE:
                        return
                    case JXL_DEC_NEED_MORE_INPUT:
                        guard hasProgressed, JxlDecoderFlushImage(decoder) == JXL_DEC_SUCCESS else {
                            throw NoPreviewYet()
                        }
                        return
                    case let other:
                        throw Self.error(other)
                    }
                }
            }
            return image
        } catch is NoPreviewYet {
            return nil
        }
    }

    /// Ends ``preview()``'s decode when there is nothing to show yet.
    private struct NoPreviewYet: Error {}

    private func readICCProfile() -> Data? {
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS,
            size > 0, size < 1 << 24
        else { return nil }
        var profile = Data(count: size)
        let status = profile.withUnsafeMutableBytes { buffer in
            JxlDecoderGetColorAsICCProfile(
                decoder,
                nil,
                JXL_COLOR_PROFILE_TARGET_DATA,
                buffer.baseAddress!.assumingMemoryBound(to: UInt8.self),
                size
            )
        }
        return status == JXL_DEC_SUCCESS ? profile : nil
    }

    private static func expect(_ event: JxlDecoderStatus, from decoder: OpaquePointer) throws {
        let status = JxlDecoderProcessInput(decoder)
        guard status == event else { throw error(status) }
    }

    private static func check(_ status: JxlDecoderStatus) throws {
        guard status == JXL_DEC_SUCCESS else { throw error(status) }
    }

    /// The decoding error for an unexpected status.
    static func error(_ status: JxlDecoderStatus) -> ImageDecodingError {
        switch status {
        case JXL_DEC_NEED_MORE_INPUT: .truncated
        case JXL_DEC_ERROR: .corrupt(reason: "libjxl could not decode the data")
        default: .corrupt(reason: "libjxl stopped at status \(status.rawValue)")
        }
    }
}
