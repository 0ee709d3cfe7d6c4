internal import NukeCore

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#endif

/// The filters NukeFilters knows, by Core Image name, with Core Image's parameter keys and
/// defaults. Colour formulas work on straight-alpha RGB in 0…1; luminance uses Rec. 709 weights
/// (0.2125, 0.7154, 0.0721), as Core Image does.
enum FilterCatalog {
    struct Definition: Sendable {
        /// Parameter keys with their defaults.
        var defaults: [(key: String, value: FilterValue)]
        var apply: @Sendable (Bitmap, Parameters) throws -> Bitmap
    }

    /// Resolved parameters: given values over defaults.
    struct Parameters {
        var values: [String: FilterValue]
        func number(_ key: String) -> Double { values[key]?.number ?? values[key]?.vector?.first ?? 0 }
        func vector(_ key: String, count: Int) -> [Double] {
            let values = self.values[key]?.vector ?? []
            return (0..<count).map { $0 < values.count ? values[$0] : 0 }
        }
    }

    static let luma = SIMD3<Float>(0.2125, 0.7154, 0.0721)

    static let definitions: [String: Definition] = [
        "CISepiaTone": Definition(defaults: [("inputIntensity", 1)]) { image, p in
            let intensity = Float(p.number("inputIntensity"))
            return try image.mappingColors { rgb in
                let sepia = SIMD3<Float>(
                    (rgb * SIMD3(0.393, 0.769, 0.189)).sum(),
                    (rgb * SIMD3(0.349, 0.686, 0.168)).sum(),
                    (rgb * SIMD3(0.272, 0.534, 0.131)).sum()
                )
                return rgb + (sepia - rgb) * intensity
            }
        },
        "CIColorControls": Definition(defaults: [("inputSaturation", 1), ("inputBrightness", 0), ("inputContrast", 1)])
        { image, p in
            let (saturation, brightness, contrast) = (
                Float(p.number("inputSaturation")), Float(p.number("inputBrightness")), Float(p.number("inputContrast"))
            )
            return try image.mappingColors { rgb in
                let luminance = SIMD3(repeating: (rgb * luma).sum())
                var output = luminance + (rgb - luminance) * saturation
                output += brightness
                return (output - 0.5) * contrast + 0.5
            }
        },
        "CIColorInvert": Definition(defaults: []) { image, _ in
            try image.mappingColors { 1 - $0 }
        },
        "CIColorMonochrome": Definition(defaults: [
            ("inputColor", .vector([0.6, 0.45, 0.3, 1])), ("inputIntensity", 1),
        ]) { image, p in
            let color = p.vector("inputColor", count: 3).map(Float.init)
            let tint = SIMD3(color[0], color[1], color[2])
            let intensity = Float(p.number("inputIntensity"))
            return try image.mappingColors { rgb in
                let mono = tint * (rgb * luma).sum()
                return rgb + (mono - rgb) * intensity
            }
        },
        "CIPhotoEffectMono": Definition(defaults: []) { image, _ in
            try image.mappingColors { SIMD3(repeating: ($0 * luma).sum()) }
        },
        "CIPhotoEffectNoir": Definition(defaults: []) { image, _ in
            try image.mappingColors { rgb in
                // Mono with a contrast S-curve (smoothstep), as Noir's harder look.
                let l = min(1, max(0, (rgb * luma).sum()))
                return SIMD3(repeating: l * l * (3 - 2 * l))
            }
        },
        "CIExposureAdjust": Definition(defaults: [("inputEV", 0.5)]) { image, p in
            let gain = Float(pow(2, p.number("inputEV")))
            return try image.mappingColors { rgb in linearToSRGB(sRGBToLinear(rgb) * gain) }
        },
        "CIGammaAdjust": Definition(defaults: [("inputPower", 0.75)]) { image, p in
            let power = Float(p.number("inputPower"))
            return try image.mappingColors { rgb in
                SIMD3(powf(max(0, rgb.x), power), powf(max(0, rgb.y), power), powf(max(0, rgb.z), power))
            }
        },
        "CIVibrance": Definition(defaults: [("inputAmount", 0)]) { image, p in
            let amount = Float(p.number("inputAmount"))
            return try image.mappingColors { rgb in
                // Boosts saturation more where it is low: scale = 1 + amount · (1 − saturation).
                let saturation = rgb.max() - rgb.min()
                let luminance = SIMD3(repeating: (rgb * luma).sum())
                return luminance + (rgb - luminance) * (1 + amount * (1 - saturation))
            }
        },
        "CIHueAdjust": Definition(defaults: [("inputAngle", 0)]) { image, p in
            let angle = Float(p.number("inputAngle"))
            let (c, s) = (cosf(angle), sinf(angle))
            return try image.mappingColors { rgb in
                // Rotate the chroma plane of YIQ.
                let y = (rgb * SIMD3(0.299, 0.587, 0.114)).sum()
                let i = (rgb * SIMD3(0.596, -0.274, -0.322)).sum()
                let q = (rgb * SIMD3(0.211, -0.523, 0.312)).sum()
                let (i2, q2) = (i * c - q * s, i * s + q * c)
                return SIMD3(y + 0.956 * i2 + 0.621 * q2, y - 0.272 * i2 - 0.647 * q2, y - 1.106 * i2 + 1.703 * q2)
            }
        },
        "CIColorMatrix": Definition(
            defaults: [
                ("inputRVector", .vector([1, 0, 0, 0])), ("inputGVector", .vector([0, 1, 0, 0])),
                ("inputBVector", .vector([0, 0, 1, 0])), ("inputAVector", .vector([0, 0, 0, 1])),
                ("inputBiasVector", .vector([0, 0, 0, 0])),
            ]
        ) { image, p in
            func row(_ key: String) -> SIMD4<Float> {
                let values = p.vector(key, count: 4).map(Float.init)
                return SIMD4(values[0], values[1], values[2], values[3])
            }
            let (r, g, b, a, bias) = (
                row("inputRVector"), row("inputGVector"), row("inputBVector"), row("inputAVector"),
                row("inputBiasVector")
            )
            return try image.mappingPixels { pixel in
                SIMD4((r * pixel).sum(), (g * pixel).sum(), (b * pixel).sum(), (a * pixel).sum()) + bias
            }
        },
        "CIVignette": Definition(defaults: [("inputRadius", 1), ("inputIntensity", 0)]) { image, p in
            let (radius, intensity) = (Float(p.number("inputRadius")), Float(p.number("inputIntensity")))
            let (cx, cy) = (Float(image.width) / 2, Float(image.height) / 2)
            let halfDiagonal = max(1, (cx * cx + cy * cy).squareRoot())
            return try image.mappingColors(position: true) { rgb, x, y in
                // Darkens by intensity · (d · radius)², d the distance from the centre over half the diagonal.
                let dx = (Float(x) + 0.5 - cx) / halfDiagonal
                let dy = (Float(y) + 0.5 - cy) / halfDiagonal
                let d = (dx * dx + dy * dy).squareRoot() * radius
                return rgb * max(0, 1 - intensity * d * d)
            }
        },
        "CIUnsharpMask": Definition(defaults: [("inputRadius", 2.5), ("inputIntensity", 0.5)]) { image, p in
            let blurred = try image.boxBlurred(width: gaussianBoxWidth(sigma: p.number("inputRadius")), passes: 3)
            let intensity = Float(p.number("inputIntensity"))
            return try image.combining(blurred) { original, blur in original + (original - blur) * intensity }
        },
        "CISharpenLuminance": Definition(defaults: [("inputSharpness", 0.4), ("inputRadius", 1.69)]) { image, p in
            let blurred = try image.boxBlurred(width: gaussianBoxWidth(sigma: p.number("inputRadius")), passes: 3)
            let sharpness = Float(p.number("inputSharpness"))
            return try image.combining(blurred) { original, blur in
                original + SIMD3(repeating: ((original - blur) * luma).sum() * sharpness)
            }
        },
        "CIGaussianBlur": Definition(defaults: [("inputRadius", 10)]) { image, p in
            try image.boxBlurred(width: gaussianBoxWidth(sigma: p.number("inputRadius")), passes: 3)
        },
        "CIBoxBlur": Definition(defaults: [("inputRadius", 10)]) { image, p in
            try image.boxBlurred(width: 2 * Int(max(0, p.number("inputRadius")).rounded()) + 1, passes: 1)
        },
        "CIPixellate": Definition(defaults: [("inputScale", 8), ("inputCenter", .vector([150, 150]))]) { image, p in
            let scale = max(1, p.number("inputScale"))
            let center = p.vector("inputCenter", count: 2)
            return try image.pixellated(scale: scale, centerX: center[0], centerY: center[1])
        },
    ]

    /// Every filter name, sorted.
    static let names = definitions.keys.sorted()

    /// The box width whose three passes approximate a Gaussian of standard deviation `sigma`
    /// (√(12σ²/3 + 1), made odd).
    static func gaussianBoxWidth(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 1 }
        return Int((12 * sigma * sigma / 3 + 1).squareRoot().rounded()) | 1
    }

    static func sRGBToLinear(_ value: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(toLinear(value.x), toLinear(value.y), toLinear(value.z))
    }

    static func linearToSRGB(_ value: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(toSRGB(value.x), toSRGB(value.y), toSRGB(value.z))
    }

    private static func toLinear(_ c: Float) -> Float {
        c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
    }

    private static func toSRGB(_ c: Float) -> Float {
        let c = max(0, c)
        return c <= 0.003_130_8 ? c * 12.92 : 1.055 * powf(c, 1 / 2.4) - 0.055
    }
}
