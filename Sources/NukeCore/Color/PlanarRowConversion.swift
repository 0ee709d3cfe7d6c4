// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A conversion to sRGB that a decoder runs inside its own row loop: rows of opaque pixels, given
/// as separate red, green and blue planes, converted and written as RGBA, by a C function.
///
/// A colour manager offers one through ``ColorManaging/planarRowConversion(from:intent:)`` where
/// it pays: each row is converted while it is still in the processor's cache, instead of in a
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
