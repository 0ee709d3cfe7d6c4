// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeGIF
public import NukeCore
internal import NukeImaging
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Decodes GIF with giflib into an animation of fully composited frames.
///
/// Every frame is drawn onto the logical screen with its disposal (none, background, previous),
/// transparency, global or local palette and interlacing. Delays follow the browsers' rule
/// (0 or 1 centisecond plays as 10); the play count comes from the NETSCAPE2.0 extension. A
/// truncated file yields the frames whose data is complete (an incomplete frame is never shown).
/// The frame count is checked against the frame limit, and the canvases (the cursor's canvas,
/// its saved copy and the bitmap handed out) against the memory budget, before any frame is
/// decoded. The container's `image` is the first
/// frame; its `animation` produces the rest on demand within the memory budget; the original data
/// is attached so caches and encoders keep the animation. During a progressive download, exactly
/// one preview is made: the first frame, once it is complete.
public final class GIFDecoder: ImageDecoding {
    private let context: ImageDecodingContext
    private let didMakePreview = Mutex(false)

    /// Creates a decoder for one download.
    public init(context: ImageDecodingContext) {
        self.context = context
    }

    /// Decodes complete (or truncated) data.
    public func decode(_ data: Data) throws -> ImageContainer {
        let scan = try Self.scan(data, limit: context.maximumPixelCount, maximumFrameCount: context.maximumFrameCount)
        // The cursor keeps a canvas and, for frames disposed to "previous", a saved copy; each
        // frame is copied out into a bitmap: three canvases at once.
        let canvasBytes = scan.width * scan.height * 4
        guard canvasBytes <= context.memoryBudget / 3 else {
            throw ImageDecodingError.exceedsMemoryBudget(bytes: 3 * canvasBytes, budget: context.memoryBudget)
        }
        let animation = ImageAnimation(
            width: scan.width,
            height: scan.height,
            frameDurations: scan.delays.map(Self.duration(centiseconds:)),
            loopCount: scan.loopCount,
            memoryBudget: context.animationMemoryBudget,
            source: GIFFrameSource(data: data, width: scan.width, height: scan.height)
        )
        // The animation's own cursor composites the first frame, so later frames continue from it.
        return ImageContainer(
            image: try context.thumbnail(of: try animation.frame(at: 0)),
            type: .gif,
            data: data,
            animation: scan.delays.count > 1 ? animation : nil
        )
    }

    /// Three canvases of the logical screen the header declares (the cursor's, its saved copy, the
    /// frame handed out), and a thumbnail's, if asked; `nil` past the pixel limit, which the decode
    /// refuses.
    public func estimatedMemory(for data: Data) -> Int? {
        guard data.count >= 10, data.starts(with: Array("GIF".utf8)) else { return nil }
        let base = data.startIndex
        let width = data.littleEndianInteger(at: base + 6, size: 2)
        let height = data.littleEndianInteger(at: base + 8, size: 2)
        guard width * height <= context.maximumPixelCount else { return nil }
        let target = context.request.thumbnail == nil ? (0, 0) : context.targetSize(width: width, height: height)
        return width * height * 4 * 3 + target.0 * target.1 * 4
    }

    /// The first frame, once, as soon as its data is complete.
    public func decodePartiallyDownloadedData(_ data: Data) -> ImageContainer? {
        guard !didMakePreview.withLock({ $0 }),
            let scan = try? Self.scan(
                data,
                limit: context.maximumPixelCount,
                maximumFrameCount: context.maximumFrameCount
            ),
            !scan.delays.isEmpty,
            let first = try? GIFFrameSource(data: data, width: scan.width, height: scan.height).makeCursor().nextFrame()
        else { return nil }
        let isFirst = didMakePreview.withLock { made in
            defer { made = true }
            return !made
        }
        return isFirst ? ImageContainer(image: first, type: .gif, isPreview: true) : nil
    }

    /// How many times a GIF plays, from its NETSCAPE2.0 repetition count (`-1` when absent): no
    /// extension plays once, 0 plays for ever (0), and n repetitions play n + 1 times, as browsers
    /// (and gif2webp) count them.
    public static func playCount(repetitions: Int) -> Int {
        repetitions < 0 ? 1 : (repetitions == 0 ? 0 : repetitions + 1)
    }

    /// A frame's display time in seconds by the browsers' rule: 0 or 1 centisecond plays as 10.
    public static func duration(centiseconds: Int) -> Double {
        Double(centiseconds <= 1 ? 10 : centiseconds) / 100
    }

    // MARK: Scan

    struct Scan {
        var width: Int
        var height: Int
        var delays: [Int]
        var loopCount: Int
        var isTruncated: Bool
    }

    static func scan(_ data: Data, limit: Int, maximumFrameCount: Int) throws -> Scan {
        var info = nuke_gif_info()
        var message = [CChar](repeating: 0, count: Int(NUKE_GIF_MESSAGE_SIZE))
        var delays = [Int32](repeating: 0, count: 64)
        for _ in 0..<2 {  // The second pass has room for every delay.
            let status = data.withUnsafeBytes { bytes in
                message.withUnsafeMutableBufferPointer { message in
                    delays.withUnsafeMutableBufferPointer { delays in
                        nuke_gif_scan(
                            bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!,
                            bytes.count,
                            Int32(maximumFrameCount),
                            &info,
                            delays.baseAddress,
                            Int32(delays.count),
                            message.baseAddress
                        )
                    }
                }
            }
            guard status == NUKE_GIF_OK else { throw error(status, message, maximumFrameCount: maximumFrameCount) }
            let (width, height) = (Int(info.width), Int(info.height))
            guard width * height <= limit else {
                throw ImageDecodingError.imageTooLarge(width: width, height: height, limit: limit)
            }
            if Int(info.frame_count) <= delays.count { break }
            delays = [Int32](repeating: 0, count: Int(info.frame_count))
        }
        return Scan(
            width: Int(info.width),
            height: Int(info.height),
            delays: delays.prefix(Int(info.frame_count)).map(Int.init),
            loopCount: Self.playCount(repetitions: Int(info.loop_count)),
            isTruncated: info.is_truncated != 0
        )
    }

    static func error(_ status: Int32, _ message: [CChar], maximumFrameCount: Int? = nil) -> ImageDecodingError {
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        switch status {
        case NUKE_GIF_NOT_GIF: return .unrecognizedFormat
        case NUKE_GIF_TRUNCATED: return .truncated
        case NUKE_GIF_TOO_MANY: return maximumFrameCount.map { .tooManyFrames(limit: $0) } ?? .unsupported(reason: text)
        default: return .corrupt(reason: text.isEmpty ? "giflib error \(status)" : text)
        }
    }
}

/// Composites a GIF's frames through the C cursor.
struct GIFFrameSource: AnimationFrameSource {
    let data: Data
    let width: Int
    let height: Int

    func makeCursor() throws -> any AnimationFrameCursor {
        try GIFFrameCursor(data: data, width: width, height: height)
    }
}

/// One pass over a GIF's frames; owns the C cursor and a copy of the data it reads.
final class GIFFrameCursor: AnimationFrameCursor {
    private let buffer: UnsafeMutableRawBufferPointer
    private let cursor: OpaquePointer
    private let width: Int
    private let height: Int

    init(data: Data, width: Int, height: Int) throws {
        // The C cursor reads the bytes for its whole life, so it gets a stable copy.
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 1)
        _ = data.copyBytes(to: copy.bindMemory(to: UInt8.self))
        var message = [CChar](repeating: 0, count: Int(NUKE_GIF_MESSAGE_SIZE))
        var opened: OpaquePointer?
        let status = message.withUnsafeMutableBufferPointer { message in
            nuke_gif_cursor_open(
                copy.baseAddress!.assumingMemoryBound(to: UInt8.self),
                data.count,
                &opened,
                message.baseAddress
            )
        }
        guard status == NUKE_GIF_OK, let opened else {
            copy.deallocate()
            throw GIFDecoder.error(status, message)
        }
        buffer = copy
        cursor = opened
        self.width = width
        self.height = height
    }

    func nextFrame() throws -> Bitmap? {
        var status = NUKE_GIF_OK
        var message = [CChar](repeating: 0, count: Int(NUKE_GIF_MESSAGE_SIZE))
        let frame = try Bitmap(width: width, height: height, pixelFormat: .rgba8) { pixels in
            status = message.withUnsafeMutableBufferPointer { message in
                nuke_gif_cursor_next(cursor, pixels.baseAddress, pixels.count, message.baseAddress)
            }
            if status == NUKE_GIF_END { pixels.update(repeating: 0) }
        }
        switch status {
        case NUKE_GIF_OK: return frame
        case NUKE_GIF_END: return nil
        default: throw GIFDecoder.error(status, message)
        }
    }

    deinit {
        nuke_gif_cursor_close(cursor)
        buffer.deallocate()
    }
}
