// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#endif

extension Bitmap {
    /// Creates a bitmap whose pixels `initializer` writes, without zero-filling them first.
    ///
    /// The buffer holds `bytesPerRow × height` bytes (rows of `width × bytesPerPixel` bytes,
    /// unpadded) and `initializer` must write every one of them (debug builds fill it with `0xA5`
    /// first, so a missed byte shows the same way every time). Large buffers are backed by
    /// transparent huge pages where the system allows it: the first write to a fresh 48 MB buffer
    /// then costs a few dozen page faults instead of twelve thousand, a third of a 12-megapixel
    /// JPEG decode. Decoders and processors should allocate output this way.
    ///
    /// - Throws: ``BitmapError`` for invalid dimensions, or what `initializer` throws.
    public init(
        width: Int,
        height: Int,
        pixelFormat: PixelFormat,
        isOpaque: Bool? = nil,
        initializingPixelsWith initializer: (UnsafeMutableBufferPointer<UInt8>) throws -> Void
    ) throws {
        guard width >= 0, height >= 0 else { throw BitmapError.invalidDimensions(width: width, height: height) }
        let (count, overflow) = (width * pixelFormat.bytesPerPixel).multipliedReportingOverflow(by: height)
        guard !overflow else { throw BitmapError.invalidDimensions(width: width, height: height) }
        let pixels = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            LargeAllocation.adviseHugePages(buffer)
            #if DEBUG
                // A byte the initializer misses reads as this pattern every time, not as whatever
                // the memory held: such bugs fail tests deterministically.
                buffer.initialize(repeating: 0xA5)
            #endif
            try initializer(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
            initialized = count
        }
        try self.init(width: width, height: height, pixelFormat: pixelFormat, pixels: pixels, isOpaque: isOpaque)
    }
}

/// Advice to the kernel about large, freshly allocated buffers.
enum LargeAllocation {
    /// Buffers from this size on are worth backing with huge pages.
    static let hugePageThreshold = 4 << 20
    private static let hugePageSize: UInt = 2 << 20

    /// Asks for transparent huge pages on the 2 MiB-aligned interior of `buffer` (Linux
    /// `MADV_HUGEPAGE`; a no-op where unsupported or disabled).
    static func adviseHugePages(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        #if os(Linux)
            guard buffer.count >= hugePageThreshold, let base = buffer.baseAddress else { return }
            let address = UInt(bitPattern: base)
            let start = (address + hugePageSize - 1) & ~(hugePageSize - 1)
            let end = (address + UInt(buffer.count)) & ~(hugePageSize - 1)
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(pointer, Int(end - start), MADV_HUGEPAGE)
        #endif
    }
}
