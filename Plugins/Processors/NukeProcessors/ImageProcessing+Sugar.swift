// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImageProcessing where Self == ImageProcessors.Resize {
    /// Resizes to `size` (see ``ImageProcessors/Resize``).
    public static func resize(
        size: ImageSize,
        unit: ImageProcessingOptions.Unit = .points,
        contentMode: ImageProcessingOptions.ContentMode = .aspectFill,
        crop: Bool = false,
        upscale: Bool = false
    ) -> ImageProcessors.Resize {
        ImageProcessors.Resize(size: size, unit: unit, contentMode: contentMode, crop: crop, upscale: upscale)
    }

    /// Resizes to a width, keeping the aspect ratio.
    public static func resize(width: Double, unit: ImageProcessingOptions.Unit = .points, upscale: Bool = false)
        -> ImageProcessors.Resize
    {
        ImageProcessors.Resize(width: width, unit: unit, upscale: upscale)
    }

    /// Resizes to a height, keeping the aspect ratio.
    public static func resize(height: Double, unit: ImageProcessingOptions.Unit = .points, upscale: Bool = false)
        -> ImageProcessors.Resize
    {
        ImageProcessors.Resize(height: height, unit: unit, upscale: upscale)
    }
}

extension ImageProcessing where Self == ImageProcessors.Crop {
    /// Crops to a rectangle in pixels.
    public static func crop(x: Int, y: Int, width: Int, height: Int) -> ImageProcessors.Crop {
        ImageProcessors.Crop(x: x, y: y, width: width, height: height)
    }
}

extension ImageProcessing where Self == ImageProcessors.Circle {
    /// Centre-crops to a square and clips to a circle.
    public static func circle(border: ImageProcessingOptions.Border? = nil) -> ImageProcessors.Circle {
        ImageProcessors.Circle(border: border)
    }
}

extension ImageProcessing where Self == ImageProcessors.RoundedCorners {
    /// Clips to a rounded rectangle.
    public static func roundedCorners(
        radius: Double,
        unit: ImageProcessingOptions.Unit = .points,
        border: ImageProcessingOptions.Border? = nil
    ) -> ImageProcessors.RoundedCorners {
        ImageProcessors.RoundedCorners(radius: radius, unit: unit, border: border)
    }
}

extension ImageProcessing where Self == ImageProcessors.GaussianBlur {
    /// Blurs with a Gaussian of the given radius.
    public static func gaussianBlur(radius: Int = 8) -> ImageProcessors.GaussianBlur {
        ImageProcessors.GaussianBlur(radius: radius)
    }
}

extension ImageProcessing where Self == ImageProcessors.Rotate {
    /// Turns the image clockwise by a multiple of 90°.
    public static func rotate(degrees: Int) -> ImageProcessors.Rotate {
        ImageProcessors.Rotate(degrees: degrees)
    }
}

extension ImageProcessing where Self == ImageProcessors.Flip {
    /// Mirrors the image left to right, top to bottom, or both.
    public static func flip(horizontal: Bool = true, vertical: Bool = false) -> ImageProcessors.Flip {
        ImageProcessors.Flip(horizontal: horizontal, vertical: vertical)
    }
}

extension ImageProcessing where Self == ImageProcessors.Background {
    /// Puts the image over a colour, flattening its transparency.
    public static func background(_ color: ImageProcessingOptions.Color = .white) -> ImageProcessors.Background {
        ImageProcessors.Background(color: color)
    }
}

extension ImageProcessing where Self == ImageProcessors.Pixelate {
    /// Replaces each `size × size` block with its average colour.
    public static func pixelate(size: Int = 8) -> ImageProcessors.Pixelate {
        ImageProcessors.Pixelate(size: size)
    }
}

extension ImageProcessing where Self == ImageProcessors.Trim {
    /// Cuts away uniform borders.
    public static func trim(threshold: Int = 10, color: ImageProcessingOptions.Color? = nil) -> ImageProcessors.Trim {
        ImageProcessors.Trim(threshold: threshold, color: color)
    }
}

extension ImageProcessing where Self == ImageProcessors.Sharpen {
    /// Sharpens with an unsharp mask (Pillow's defaults).
    public static func sharpen(sigma: Double = 2, amount: Double = 1.5, threshold: Int = 3) -> ImageProcessors.Sharpen {
        ImageProcessors.Sharpen(sigma: sigma, amount: amount, threshold: threshold)
    }
}

extension ImageProcessing where Self == ImageProcessors.Overlay {
    /// Draws `image` (named `id`) over the image.
    public static func overlay(
        _ image: Bitmap,
        id: String,
        position: ImageProcessors.Overlay.Position = .bottomRight,
        margin: Int = 0,
        opacity: Double = 1,
        relativeWidth: Double? = nil
    ) -> ImageProcessors.Overlay {
        ImageProcessors.Overlay(
            image: image,
            id: id,
            position: position,
            margin: margin,
            opacity: opacity,
            relativeWidth: relativeWidth
        )
    }
}
