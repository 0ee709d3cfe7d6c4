// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibLCMS

/// The chromaticities of a set of colour primaries and its white point (ITU-T H.273, table 2).
struct Primaries {
    var red: (x: Double, y: Double)
    var green: (x: Double, y: Double)
    var blue: (x: Double, y: Double)
    var white: (x: Double, y: Double)

    private static let d65 = (x: 0.3127, y: 0.3290)

    /// The name of a `colour_primaries` code point this type supports.
    static func name(_ cicp: Int) -> String? {
        [
            1: "BT.709", 2: "unspecified (BT.709)", 5: "BT.601 625", 6: "BT.601 525", 7: "SMPTE 240M", 9: "BT.2020",
            11: "DCI-P3", 12: "Display P3",
        ][cicp]
    }

    /// The primaries of a `colour_primaries` code point, or `nil` for one not supported.
    init?(cicp: Int) {
        switch cicp {
        case 1, 2: self.init(red: (0.640, 0.330), green: (0.300, 0.600), blue: (0.150, 0.060), white: Self.d65)
        case 5: self.init(red: (0.640, 0.330), green: (0.290, 0.600), blue: (0.150, 0.060), white: Self.d65)
        case 6, 7: self.init(red: (0.630, 0.340), green: (0.310, 0.595), blue: (0.155, 0.070), white: Self.d65)
        case 9: self.init(red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046), white: Self.d65)
        case 11: self.init(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: (0.314, 0.351))
        case 12: self.init(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: Self.d65)
        default: return nil
        }
    }

    private init(
        red: (x: Double, y: Double),
        green: (x: Double, y: Double),
        blue: (x: Double, y: Double),
        white: (x: Double, y: Double)
    ) {
        (self.red, self.green, self.blue, self.white) = (red, green, blue, white)
    }
}

/// A transfer curve from encoded values to linear light, as an ICC parametric curve.
enum TransferCurve {
    /// IEC 61966-2-1.
    case sRGB
    /// ITU-R BT.709's (and BT.601's, BT.2020's) curve, inverted.
    case bt709
    /// A pure power law.
    case gamma(Double)

    /// The curve of a `transfer_characteristics` code point, or `nil` for one not supported (PQ,
    /// HLG and the logarithmic curves cannot be an ICC parametric curve).
    init?(cicp: Int) {
        switch cicp {
        case 13, 2: self = .sRGB
        case 1, 6, 14, 15: self = .bt709
        case 4: self = .gamma(2.2)
        case 5: self = .gamma(2.8)
        case 8: self = .gamma(1)
        default: return nil
        }
    }

    /// The name of a `transfer_characteristics` code point.
    static func name(_ cicp: Int) -> String? {
        [
            1: "BT.709 curve", 2: "unspecified (sRGB curve)", 4: "gamma 2.2", 5: "gamma 2.8", 6: "BT.709 curve",
            8: "linear", 13: "sRGB curve", 14: "BT.709 curve", 15: "BT.709 curve", 16: "PQ", 18: "HLG",
        ][cicp]
    }

    /// The curve for Little CMS (to be freed with `cmsFreeToneCurve`).
    func toneCurve() -> OpaquePointer? {
        switch self {
        case .sRGB:
            // Y = ((aX + b)^g for X ≥ d, cX below: type 4.
            let parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            return cmsBuildParametricToneCurve(nil, 4, parameters)
        case .bt709:
            let parameters: [Double] = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
            return cmsBuildParametricToneCurve(nil, 4, parameters)
        case .gamma(let gamma):
            return cmsBuildGamma(nil, gamma)
        }
    }
}
