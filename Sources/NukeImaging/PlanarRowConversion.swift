// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// A conversion to sRGB that a decoder runs inside its own row loop: rows of opaque pixels, given
/// as separate red, green and blue planes, converted and written as RGBA, by a C function.
///
/// A colour manager offers one by conforming to ``PlanarRowConverting``, where it pays: each row is converted while it is still in the processor's cache, instead of in a
/// second pass over the whole image, and a loop that works on planes is handed them directly.
/// NukeJPEG runs it in place of libjpeg's YCbCr → RGB step; the image it returns is then in sRGB
/// and carries no profile.
///
/// `@unchecked Sendable`: ``context`` points at data of `owner`'s that the function only reads,
/// and `owner` lives as long as the conversion.
public struct PlanarRowConversion: @unchecked Sendable {
    /// The C function: `function(context, red, green, blue, rgba, width)` converts `width` pixels
    /// from the three planes (`width` bytes each) and writes them to `rgba` (`4 × width` bytes,
    /// alpha 255). It must be safe to call from several threads at once.
    public typealias Function =
        @convention(c) (
            UnsafeRawPointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?,
            UnsafeMutablePointer<UInt8>?, Int
        ) -> Void

    /// The function a decoder calls for each row.
    public let function: Function
    /// The first argument of every call.
    public let context: UnsafeRawPointer
    /// What keeps `context` valid.
    private let owner: any Sendable & AnyObject

    /// Creates a conversion calling `function` with `context`, which `owner` keeps valid.
    public init(function: Function, context: UnsafeRawPointer, owner: any Sendable & AnyObject) {
        self.function = function
        self.context = context
        self.owner = owner
    }

    /// Runs `body` with ``context`` guaranteed valid throughout.
    public func withContext<Result>(_ body: (UnsafeRawPointer) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(owner) { try body(context) }
    }
}

/// A colour manager that offers decoders a ``PlanarRowConversion`` to run inside their row loop
/// (NukeLCMS, where its AVX-512 loop runs the profile). Decoders producing red, green and blue
/// planes (NukeJPEG) ask through `ColorConversion.planarRowConversion(from:)`.
public protocol PlanarRowConverting: ColorManaging {
    /// A conversion from `profile` to sRGB run row by row inside the decode, or `nil` when there
    /// is none for this profile or it would not be faster: the pipeline then converts after
    /// decoding. It must give the bytes this manager's conversion of a decoded image gives, for
    /// opaque RGBA.
    func planarRowConversion(from profile: ColorProfile, intent: RenderingIntent) -> PlanarRowConversion?
}

extension ColorConversion {
    /// The manager's conversion from `profile` to sRGB for a decoder's row loop, if it offers one
    /// (``PlanarRowConverting``).
    public func planarRowConversion(from profile: ColorProfile) -> PlanarRowConversion? {
        (manager as? any PlanarRowConverting)?.planarRowConversion(from: profile, intent: intent)
    }
}
