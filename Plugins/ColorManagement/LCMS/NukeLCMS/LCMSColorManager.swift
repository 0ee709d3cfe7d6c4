// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibLCMS
public import NukeCore
public import NukeImaging
internal import Synchronization

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Converts decoded pixels to sRGB with Little CMS (lcms2): from ICC profiles (RGB matrix/curve
/// and LUT profiles, gray profiles, CMYK profiles for CMYK JPEGs) and from CICP code points (BT.709, BT.601, BT.2020, Display
/// P3 and DCI-P3 primaries with the sRGB, BT.709, gamma and linear curves).
///
/// Matrix/curve profiles (almost every RGB profile in photos) convert through tables and one
/// integer matrix built from the profile, several times faster than Little CMS's own transform
/// and within a level of it; other profiles (LUT-based) and the absolute colorimetric intent go
/// through Little CMS. Transforms are built once per profile, pixel format and intent and kept (the
/// most recent ``Configuration/cachedTransformCount``); a profile that already is sRGB converts
/// nothing.
/// Alpha is copied unchanged. Thread-safe: transforms run without Little CMS's pixel cache, so
/// one transform serves many threads at once, and none is built or run under the cache's lock.
public final class LCMSColorManager: PlanarRowConverting {
    /// How many transforms to keep, and which pixel loop converts matrix/curve profiles.
    public struct Configuration: Sendable {
        /// The most transforms kept, least recently used dropped first (default 32). A
        /// matrix/curve transform holds about 290 KB of tables; the default bounds them at 9 MB.
        public var cachedTransformCount = 32
        /// The pixel loop of matrix/curve profiles (default ``PixelLoop/fastest``). Every loop
        /// gives the same bytes; pin one to compare them.
        public var pixelLoop = PixelLoop.fastest

        /// Creates the default configuration.
        public init() {}
    }

    /// The pixel loops of matrix/curve profiles on RGBA; all give the same bytes.
    public enum PixelLoop: Sendable, CaseIterable {
        /// ``avx512`` where it runs the transform on this processor, otherwise ``summedTables``.
        case fastest
        /// One pixel at a time from per-channel tables of the matrix's products: no
        /// multiplications and no gathers; the fast loop on every processor without AVX-512.
        case summedTables
        /// One pixel at a time, three multiplications (each rounded) and a clamp per channel: the
        /// reference.
        case plainC
        /// 64 pixels at a time with AVX-512 (F, BW and VBMI: Intel since Ice Lake, AMD since Zen
        /// 4), every table lookup a byte permute, the matrix in 16-bit lanes. Plain C where the
        /// processor lacks it or a matrix row's positive or negative coefficients sum to 2 or more
        /// in magnitude (ProPhoto's do).
        case avx512
    }

    private struct Key: Hashable {
        var profile: ColorProfile
        /// The pixels' format, `nil` for CMYK.
        var pixelFormat: PixelFormat?
        var intent: RenderingIntent
    }

    /// A cached answer: a transform, or `nil` when the profile is sRGB.
    private struct Entry {
        var transform: (any ColorTransform)?
        var lastUse: UInt64
    }

    private let configuration: Configuration
    private let cache = Mutex<(entries: [Key: Entry], clock: UInt64)>(([:], 0))

    /// Creates a colour manager.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// `image` converted from `profile` to sRGB, or `nil` if `profile` is sRGB.
    ///
    /// - Throws: `ColorManagementError` for a profile Little CMS cannot read, one of another
    ///   colour space than the pixels (a CMYK profile on RGBA), or unsupported code points.
    public func convertToSRGB(_ image: Bitmap, from profile: ColorProfile, intent: RenderingIntent) throws -> Bitmap? {
        try transform(for: Key(profile: profile, pixelFormat: image.pixelFormat, intent: intent))?.apply(to: image)
    }

    /// Converts `image` from `profile` to sRGB in its own storage (copied first only if shared);
    /// `false` if `profile` is sRGB.
    ///
    /// - Throws: As ``convertToSRGB(_:from:intent:)-(Bitmap,ColorProfile,RenderingIntent)``;
    ///   `image` is then unchanged.
    public func convertToSRGB(_ image: inout Bitmap, from profile: ColorProfile, intent: RenderingIntent) throws
        -> Bool
    {
        guard let transform = try transform(for: Key(profile: profile, pixelFormat: image.pixelFormat, intent: intent))
        else { return false }
        try transform.apply(inPlace: &image)
        return true
    }

    /// CMYK `pixels` converted from `profile`, a CMYK ICC profile (such as a print profile a CMYK
    /// JPEG embeds), to sRGB.
    ///
    /// - Throws: `ColorManagementError` for a profile Little CMS cannot read or one of another
    ///   colour space than CMYK.
    public func convertToSRGB(_ pixels: CMYKPixels, from profile: ColorProfile, intent: RenderingIntent) throws
        -> Bitmap
    {
        guard let transform = try transform(for: Key(profile: profile, pixelFormat: nil, intent: intent)),
            let cmyk = transform as? LCMSTransform
        else { throw ColorManagementError.profileMismatch(profile: "sRGB", pixels: .rgba8) }
        return try cmyk.apply(to: pixels)
    }

    /// A conversion from `profile` to sRGB that NukeJPEG runs row by row as it decodes, where
    /// this processor runs the AVX-512 loop for it (the loop takes the decoder's planes as they
    /// come, while they are in cache); `nil` elsewhere, and for profiles Little CMS converts
    /// itself or that are sRGB's.
    public func planarRowConversion(from profile: ColorProfile, intent: RenderingIntent) -> PlanarRowConversion? {
        let transform = try? transform(for: Key(profile: profile, pixelFormat: .rgba8, intent: intent))
        return (transform as? MatrixShaperTransform)?.planarRowConversion
    }

    /// The cached transform for `key`, made and kept if there is none.
    private func transform(for key: Key) throws -> (any ColorTransform)? {
        let cached = cache.withLock { state -> Entry? in
            state.clock += 1
            guard var entry = state.entries[key] else { return nil }
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry
        }
        let transform: (any ColorTransform)?
        if let cached {
            transform = cached.transform
        } else {
            transform = try Self.makeTransform(for: key, loop: configuration.pixelLoop)
            store(transform, for: key)
        }
        return transform
    }

    /// A profile's name for people: an ICC profile's description tag (such as `Display P3`),
    /// or the code points' meaning (such as `CICP 12/13: Display P3, sRGB curve`); `nil` for an
    /// ICC profile Little CMS cannot read.
    public static func describe(_ profile: ColorProfile) -> String? {
        switch profile {
        case .icc(let data):
            guard let opened = try? LCMSProfile.icc(data) else { return nil }
            return opened.description ?? "unnamed \(opened.colorSpaceName) profile"
        case .cicp(let cicp):
            return "CICP \(cicp): " + (Primaries.name(cicp.colorPrimaries) ?? "primaries \(cicp.colorPrimaries)") + ", "
                + (TransferCurve.name(cicp.transferCharacteristics) ?? "transfer \(cicp.transferCharacteristics)")
        }
    }

    /// The number of transforms kept (for tests and metrics).
    public var cachedTransformCount: Int {
        cache.withLock { $0.entries.count }
    }

    private static func makeTransform(for key: Key, loop: PixelLoop) throws -> (any ColorTransform)? {
        guard let pixelFormat = key.pixelFormat else {
            guard case .icc(let data) = key.profile else { throw ColorManagementError.unsupportedColorSpace("CMYK") }
            return try LCMSTransform(cmykFrom: try LCMSProfile.icc(data), intent: key.intent)
        }
        let source: LCMSProfile
        switch key.profile {
        case .icc(let data):
            source = try LCMSProfile.icc(data)
            if pixelFormat == .rgba8, source.isSRGB { return nil }
        case .cicp(let cicp):
            if cicp.isSRGB { return nil }
            source = try LCMSProfile.cicp(cicp)
        }
        if let fast = MatrixShaperTransform(profile: source, pixelFormat: pixelFormat, intent: key.intent, loop: loop) {
            return fast
        }
        return try LCMSTransform(from: source, pixelFormat: pixelFormat, intent: key.intent)
    }

    private func store(_ transform: (any ColorTransform)?, for key: Key) {
        let limit = max(1, configuration.cachedTransformCount)
        cache.withLock { state in
            state.clock += 1
            state.entries[key] = Entry(transform: transform, lastUse: state.clock)
            while state.entries.count > limit,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries[oldest.key] = nil
            }
        }
    }
}
