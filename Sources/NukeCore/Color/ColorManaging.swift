// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Converts pixels from the colours of a profile to sRGB; implemented by a plugin (NukeLCMS, on
/// Little CMS) and registered as ``Capabilities/ColorManagement``.
///
/// The pipeline calls it on the decoding queue after each decode whose container carries a
/// ``ColorProfile``, when ``ImagePipeline/Configuration/colorManagement`` asks for sRGB.
public protocol ColorManaging: Sendable {
    /// `image` (RGBA or gray, straight alpha; alpha is kept) converted from `profile` to sRGB, or
    /// `nil` when there is nothing to do (the profile is sRGB's).
    ///
    /// - Throws: ``ColorManagementError`` for a profile that cannot be read or does not fit the
    ///   pixels (a CMYK profile on RGB pixels, for example).
    func convertToSRGB(_ image: Bitmap, from profile: ColorProfile, intent: RenderingIntent) throws -> Bitmap?

    /// Converts `image` from `profile` to sRGB in its own storage (copied first only if shared),
    /// and returns whether it changed (`false` when the profile is sRGB's). The pipeline calls
    /// this one: a decoded image is not shared, so no second buffer is allocated.
    ///
    /// The default implementation stores what
    /// ``convertToSRGB(_:from:intent:)-(Bitmap,ColorProfile,RenderingIntent)`` returns.
    ///
    /// - Throws: As ``convertToSRGB(_:from:intent:)-(Bitmap,ColorProfile,RenderingIntent)``;
    ///   `image` is then unchanged.
    func convertToSRGB(_ image: inout Bitmap, from profile: ColorProfile, intent: RenderingIntent) throws -> Bool

    /// CMYK `pixels` converted from `profile` (a CMYK ICC profile) to opaque sRGB RGBA. Decoders
    /// of CMYK images (NukeJPEG) call it through ``ImageDecodingContext/colorConversion``.
    ///
    /// The default implementation throws ``ColorManagementError/unsupportedColorSpace(_:)``:
    /// the decoder then converts the CMYK naively, as without a colour manager.
    func convertToSRGB(_ pixels: CMYKPixels, from profile: ColorProfile, intent: RenderingIntent) throws -> Bitmap
}

extension ColorManaging {
    /// Stores what ``convertToSRGB(_:from:intent:)-(Bitmap,ColorProfile,RenderingIntent)`` returns
    /// in `image`.
    public func convertToSRGB(_ image: inout Bitmap, from profile: ColorProfile, intent: RenderingIntent) throws
        -> Bool
    {
        guard let converted = try convertToSRGB(image, from: profile, intent: intent) else { return false }
        image = converted
        return true
    }

    /// Throws ``ColorManagementError/unsupportedColorSpace(_:)``: this manager converts no CMYK.
    public func convertToSRGB(_ pixels: CMYKPixels, from profile: ColorProfile, intent: RenderingIntent) throws
        -> Bitmap
    {
        throw ColorManagementError.unsupportedColorSpace("CMYK")
    }
}

/// How colours outside the destination's gamut are brought in (ICC rendering intents).
public enum RenderingIntent: Int, Hashable, Sendable, CaseIterable {
    /// Compresses the whole gamut to keep relations between colours; the usual choice for photos.
    case perceptual = 0
    /// Keeps colours inside both gamuts exact and clips the rest, white point mapped.
    case relativeColorimetric = 1
    /// Keeps saturation, for graphics.
    case saturation = 2
    /// Keeps colours exact, white point included, and clips the rest.
    case absoluteColorimetric = 3
}

/// Errors of colour conversion.
public enum ColorManagementError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The profile cannot be read; `reason` says why.
    case invalidProfile(reason: String)
    /// The profile describes other pixels than the image has (`profile` is its colour space).
    case profileMismatch(profile: String, pixels: PixelFormat)
    /// The code points name a colour space the plugin cannot build (PQ or HLG, for example).
    case unsupportedCICP(CICP)
    /// The colour manager converts no pixels of this colour space (such as `CMYK`).
    case unsupportedColorSpace(String)

    /// A sentence describing the problem.
    public var description: String {
        switch self {
        case .invalidProfile(let reason): "Invalid colour profile: \(reason)"
        case let .profileMismatch(profile, pixels): "A \(profile) colour profile on \(pixels) pixels"
        case .unsupportedCICP(let cicp): "Unsupported colour code points \(cicp)"
        case .unsupportedColorSpace(let name): "The colour manager does not convert \(name) pixels"
        }
    }
}
