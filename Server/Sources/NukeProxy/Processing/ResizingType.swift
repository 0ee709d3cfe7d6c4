// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// How an image is fitted to the requested width and height (imgproxy's `rt` option).
public enum ResizingType: String, Hashable, Sendable, CaseIterable {
    /// Keep the aspect ratio and fit inside the size.
    case fit
    /// Keep the aspect ratio, cover the size and crop what sticks out (by the gravity).
    case fill
    /// As ``fill``, but an image too small to cover the size is cropped to the size's aspect
    /// ratio rather than left smaller in one direction only.
    case fillDown = "fill-down"
    /// Stretch to exactly the size, ignoring the aspect ratio.
    case force
    /// ``fill`` when the image and the size are both landscape or both portrait, else ``fit``.
    case auto
}
