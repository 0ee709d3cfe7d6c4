// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What the pixel values of an image mean: an embedded ICC profile, or coding-independent code
/// points (CICP, ITU-T H.273: primaries, transfer characteristics) as AVIF and HEIF signal them.
public enum ColorProfile: Hashable, Sendable {
    /// An ICC profile's bytes.
    case icc(Data)
    /// Code points: the colour primaries and the transfer characteristics.
    case cicp(CICP)

    /// The profile a decoder recorded in a container (``UserInfoKey/iccProfileKey`` first, then
    /// ``UserInfoKey/cicpKey``), or `nil`.
    public init?(of container: ImageContainer) {
        if let icc = container.userInfo[.iccProfileKey] as? Data, !icc.isEmpty {
            self = .icc(icc)
        } else if let cicp = container.userInfo[.cicpKey] as? CICP {
            self = .cicp(cicp)
        } else {
            return nil
        }
    }
}

/// Coding-independent code points (ITU-T H.273) for colour primaries and transfer
/// characteristics, as AVIF's and HEIF's `nclx` boxes carry them.
public struct CICP: Hashable, Sendable, CustomStringConvertible {
    /// The colour primaries: 1 BT.709 (sRGB's), 9 BT.2020, 12 Display P3 (SMPTE EG 432-1), 2 unspecified.
    public var colorPrimaries: Int
    /// The transfer characteristics: 13 sRGB, 1/6/14/15 BT.709's curve, 4 gamma 2.2, 5 gamma
    /// 2.8, 8 linear, 16 PQ, 18 HLG, 2 unspecified.
    public var transferCharacteristics: Int

    /// Creates code points.
    public init(colorPrimaries: Int, transferCharacteristics: Int) {
        self.colorPrimaries = colorPrimaries
        self.transferCharacteristics = transferCharacteristics
    }

    /// sRGB: BT.709 primaries and the sRGB curve.
    public static let sRGB = CICP(colorPrimaries: 1, transferCharacteristics: 13)

    /// `true` when the values already mean sRGB colours (unspecified counts as sRGB, as browsers
    /// take it).
    public var isSRGB: Bool {
        [1, 2].contains(colorPrimaries) && [13, 2].contains(transferCharacteristics)
    }

    /// `primaries/transfer`, such as `12/13`.
    public var description: String { "\(colorPrimaries)/\(transferCharacteristics)" }
}

extension UserInfoKey {
    /// The colour code points a decoder found (AVIF's and HEIF's `nclx`) when the file has no ICC
    /// profile. Value type: ``CICP``.
    public static let cicpKey: UserInfoKey = "nuke.cicp"
}
