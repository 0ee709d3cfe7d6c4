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
