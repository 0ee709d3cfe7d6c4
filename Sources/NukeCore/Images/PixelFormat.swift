// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The memory layout of one pixel in a ``Bitmap``.
///
/// Every format stores 8 bits per channel. Colour channels are never premultiplied by alpha:
/// processors that filter (resize, blur) premultiply internally and un-premultiply on output.
public enum PixelFormat: Hashable, Sendable, CustomStringConvertible {
    /// Red, green, blue and straight (non-premultiplied) alpha, one byte each, in that order.
    case rgba8
    /// One byte of luminance; always opaque.
    case gray8

    /// The number of bytes one pixel occupies.
    public var bytesPerPixel: Int {
        switch self {
        case .rgba8: 4
        case .gray8: 1
        }
    }

    /// Whether the format has an alpha channel.
    public var hasAlpha: Bool {
        self == .rgba8
    }

    /// A short name such as `rgba8`.
    public var description: String {
        switch self {
        case .rgba8: "rgba8"
        case .gray8: "gray8"
        }
    }
}
