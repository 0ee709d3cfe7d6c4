// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibWebP
internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Encodes an `ImageAnimation` as an animated WebP with libwebp's `WebPAnimEncoder`, which
/// stores each frame as the rectangle that changed since the previous one, lossy or lossless as
/// that rectangle compresses best within the mode asked for.
///
/// Frames are read one at a time, in order, from the animation (made on demand within its memory
/// budget); the encoder itself holds a couple of canvases. Durations are rounded to milliseconds,
/// and the loop count is kept.
struct WebPAnimationEncoder {
    let mode: WebPEncoder.Mode

    func encode(_ animation: ImageAnimation) throws -> Data {
        let (width, height) = (animation.width, animation.height)
        guard width > 0, height > 0, width <= 16383, height <= 16383 else {
            throw ImageEncodingError.unsupportedImage(reason: "\(width)×\(height) cannot be a WebP")
        }
        var config = try Self.config(for: mode)
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else {
            throw ImageEncodingError.failed(reason: "libwebp's animation encoder is of another version")
        }
        options.anim_params.loop_count = Int32(clamping: max(0, animation.loopCount))
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw ImageEncodingError.failed(reason: "libwebp could not create an animation encoder")
        }
        defer { WebPAnimEncoderDelete(encoder) }
        var milliseconds = 0.0
        for index in 0..<animation.frameCount {
            let frame = try animation.frame(at: index).convertedToRGBA()
            try add(frame, at: Int32(clamping: Int(milliseconds.rounded())), to: encoder, config: &config)
            milliseconds += max(0, animation.frameDurations[index]) * 1000
        }
        // The end of the last frame.
        guard WebPAnimEncoderAdd(encoder, nil, Int32(clamping: Int(milliseconds.rounded())), nil) != 0 else {
            throw Self.failure(encoder)
        }
        var assembled = WebPData()
        defer { WebPDataClear(&assembled) }
        guard WebPAnimEncoderAssemble(encoder, &assembled) != 0, let bytes = assembled.bytes else {
            throw Self.failure(encoder)
        }
        return Data(bytes: bytes, count: assembled.size)
    }

    private func add(
        _ frame: Bitmap,
        at timestamp: Int32,
        to encoder: OpaquePointer,
        config: inout WebPConfig
    ) throws {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw ImageEncodingError.failed(reason: "libwebp's picture is of another version")
        }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(frame.width)
        picture.height = Int32(frame.height)
        let imported = frame.withUnsafeBytes { pixels in
            WebPPictureImportRGBA(
                &picture,
                pixels.baseAddress!.assumingMemoryBound(to: UInt8.self),
                Int32(frame.bytesPerRow)
            )
        }
        guard imported != 0 else { throw ImageEncodingError.failed(reason: "libwebp could not take the frame") }
        guard WebPAnimEncoderAdd(encoder, &picture, timestamp, &config) != 0 else { throw Self.failure(encoder) }
    }

    private static func config(for mode: WebPEncoder.Mode) throws -> WebPConfig {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else {
            throw ImageEncodingError.failed(reason: "libwebp's configuration is of another version")
        }
        switch mode {
        case .lossy(let quality):
            guard quality.isFinite, (0...1).contains(quality) else {
                throw ImageEncodingError.unsupportedImage(reason: "WebP quality must be within 0…1")
            }
            config.quality = Float(quality * 100)
        case .lossless:
            config.lossless = 1
        }
        guard WebPValidateConfig(&config) != 0 else {
            throw ImageEncodingError.failed(reason: "libwebp refused the configuration")
        }
        return config
    }

    private static func failure(_ encoder: OpaquePointer) -> ImageEncodingError {
        let message = WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
        return .failed(reason: "libwebp could not encode the animation: \(message)")
    }
}
