// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore
internal import NukeImaging

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
            let sepia = ColorMatrix(
                r: SIMD4(0.393, 0.769, 0.189, 0),
                g: SIMD4(0.349, 0.686, 0.168, 0),
                b: SIMD4(0.272, 0.534, 0.131, 0)
            )
            return try image.applying(
                ColorMatrix.identity.mixed(with: sepia, amount: Float(p.number("inputIntensity")))
            )
        },
        "CIColorControls": Definition(defaults: [("inputSaturation", 1), ("inputBrightness", 0), ("inputContrast", 1)])
        { image, p in
            let (saturation, brightness, contrast) = (
                Float(p.number("inputSaturation")), Float(p.number("inputBrightness")), Float(p.number("inputContrast"))
            )
            // mix(luma, rgb, saturation), + brightness, then (x − 0.5) · contrast + 0.5.
            let saturated = ColorMatrix.luminance(luma).mixed(with: .identity, amount: saturation)
            let brightened = ColorMatrix(
                r: SIMD4(1, 0, 0, 0),
                g: SIMD4(0, 1, 0, 0),
                b: SIMD4(0, 0, 1, 0),
                bias: SIMD4(brightness, brightness, brightness, 0)
            )
            let offset = 0.5 * (1 - contrast)
            let contrasted = ColorMatrix(
                r: SIMD4(contrast, 0, 0, 0),
                g: SIMD4(0, contrast, 0, 0),
                b: SIMD4(0, 0, contrast, 0),
                bias: SIMD4(offset, offset, offset, 0)
            )
            return try image.applying(saturated.then(brightened).then(contrasted))
        },
        "CIColorInvert": Definition(defaults: []) { image, _ in
            try image.applying(
                ColorMatrix(
                    r: SIMD4(-1, 0, 0, 0),
                    g: SIMD4(0, -1, 0, 0),
                    b: SIMD4(0, 0, -1, 0),
                    bias: SIMD4(1, 1, 1, 0)
                )
            )
        },
        "CIColorMonochrome": Definition(defaults: [
            ("inputColor", .vector([0.6, 0.45, 0.3, 1])), ("inputIntensity", 1),
        ]) { image, p in
            let color = p.vector("inputColor", count: 3).map(Float.init)
            let mono = ColorMatrix.luminance(luma, tint: SIMD3(color[0], color[1], color[2]))
            return try image.applying(ColorMatrix.identity.mixed(with: mono, amount: Float(p.number("inputIntensity"))))
        },
        "CIPhotoEffectMono": Definition(defaults: []) { image, _ in
            try image.applying(.luminance(luma))
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
            return try image.applyingCurve { toSRGB(toLinear($0) * gain) }
        },
        "CIGammaAdjust": Definition(defaults: [("inputPower", 0.75)]) { image, p in
            let power = Float(p.number("inputPower"))
            return try image.applyingCurve { powf(max(0, $0), power) }
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
            // RGB → YIQ, rotate the chroma plane (I, Q), back to RGB: one linear map.
            let toYIQ = ColorMatrix(
                r: SIMD4(0.299, 0.587, 0.114, 0),
                g: SIMD4(0.596, -0.274, -0.322, 0),
                b: SIMD4(0.211, -0.523, 0.312, 0)
            )
            let rotate = ColorMatrix(r: SIMD4(1, 0, 0, 0), g: SIMD4(0, c, -s, 0), b: SIMD4(0, s, c, 0))
            let toRGB = ColorMatrix(
                r: SIMD4(1, 0.956, 0.621, 0),
                g: SIMD4(1, -0.272, -0.647, 0),
                b: SIMD4(1, -1.106, 1.703, 0)
            )
            return try image.applying(toYIQ.then(rotate).then(toRGB))
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
            let matrix = ColorMatrix(
                r: row("inputRVector"),
                g: row("inputGVector"),
                b: row("inputBVector"),
                a: row("inputAVector"),
                bias: row("inputBiasVector")
            )
            return try image.applying(matrix)
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
            let blurred = try image.gaussianBlurred(sigma: p.number("inputRadius"))
            let intensity = Float(p.number("inputIntensity"))
            return try image.combining(blurred) { original, blur in original + (original - blur) * intensity }
        },
        "CISharpenLuminance": Definition(defaults: [("inputSharpness", 0.4), ("inputRadius", 1.69)]) { image, p in
            let blurred = try image.gaussianBlurred(sigma: p.number("inputRadius"))
            let sharpness = Float(p.number("inputSharpness"))
            return try image.combining(blurred) { original, blur in
                original + SIMD3(repeating: ((original - blur) * luma).sum() * sharpness)
            }
        },
        "CIGaussianBlur": Definition(defaults: [("inputRadius", 10)]) { image, p in
            try image.gaussianBlurred(sigma: p.number("inputRadius"))
        },
        "CIBoxBlur": Definition(defaults: [("inputRadius", 10)]) { image, p in
            try image.boxBlurred(width: boxWidth(2 * p.number("inputRadius").rounded() + 1), passes: 1)
        },
        "CIPixellate": Definition(defaults: [("inputScale", 8), ("inputCenter", .vector([150, 150]))]) { image, p in
            let scale = max(1, p.number("inputScale"))
            let center = p.vector("inputCenter", count: 2)
            return try image.pixellated(scale: scale, centerX: center[0], centerY: center[1])
        },
    ]

    /// Every filter name, sorted.
    static let names = definitions.keys.sorted()

    /// `width` as an odd box width of at least 1 (NaN is 1), capped at 2⁴⁰, far beyond any image
    /// (a box blur's cost does not grow with its width), so a huge radius cannot overflow an Int.
    static func boxWidth(_ width: Double) -> Int {
        guard width > 1 else { return 1 }
        return Int(min(width, Double(1 << 40))) | 1
    }

    static func toLinear(_ c: Float) -> Float {
        c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
    }

    static func toSRGB(_ c: Float) -> Float {
        let c = max(0, c)
        return c <= 0.003_130_8 ? c * 12.92 : 1.055 * powf(c, 1 / 2.4) - 0.055
    }
}
