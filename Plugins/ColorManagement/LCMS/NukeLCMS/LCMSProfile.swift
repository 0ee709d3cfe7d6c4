// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibLCMS
internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// An open Little CMS profile, closed when released.
final class LCMSProfile {
    let handle: cmsHPROFILE

    private init(_ handle: cmsHPROFILE) {
        self.handle = handle
    }

    deinit {
        cmsCloseProfile(handle)
    }

    /// Opens an ICC profile's bytes.
    static func icc(_ data: Data) throws -> LCMSProfile {
        let handle = data.withUnsafeBytes { bytes in
            cmsOpenProfileFromMem(bytes.baseAddress, cmsUInt32Number(clamping: bytes.count))
        }
        guard let handle else { throw ColorManagementError.invalidProfile(reason: "Little CMS cannot read it") }
        return LCMSProfile(handle)
    }

    /// sRGB, built in.
    static func sRGB() -> LCMSProfile {
        LCMSProfile(cmsCreate_sRGBProfile())
    }

    /// A gray profile with sRGB's white point and tone curve: sRGB for one channel.
    static func sRGBGray() throws -> LCMSProfile {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        guard let curve = TransferCurve.sRGB.toneCurve() else {
            throw ColorManagementError.invalidProfile(reason: "cannot build sRGB's curve")
        }
        defer { cmsFreeToneCurve(curve) }
        guard let handle = cmsCreateGrayProfile(&white, curve) else {
            throw ColorManagementError.invalidProfile(reason: "cannot build a gray profile")
        }
        return LCMSProfile(handle)
    }

    /// A matrix/curve RGB profile built from code points.
    static func cicp(_ cicp: CICP) throws -> LCMSProfile {
        guard let primaries = Primaries(cicp: cicp.colorPrimaries),
            let transfer = TransferCurve(cicp: cicp.transferCharacteristics),
            let curve = transfer.toneCurve()
        else { throw ColorManagementError.unsupportedCICP(cicp) }
        defer { cmsFreeToneCurve(curve) }
        var white = cmsCIExyY(x: primaries.white.x, y: primaries.white.y, Y: 1)
        var colorants = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: primaries.red.x, y: primaries.red.y, Y: 1),
            Green: cmsCIExyY(x: primaries.green.x, y: primaries.green.y, Y: 1),
            Blue: cmsCIExyY(x: primaries.blue.x, y: primaries.blue.y, Y: 1)
        )
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let handle = cmsCreateRGBProfile(&white, &colorants, &curves) else {
            throw ColorManagementError.unsupportedCICP(cicp)
        }
        return LCMSProfile(handle)
    }

    /// The profile's colour space.
    var colorSpace: cmsColorSpaceSignature { cmsGetColorSpace(handle) }

    /// The colour space's four-character name, such as `RGB` or `GRAY`.
    var colorSpaceName: String {
        let value = colorSpace.rawValue
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
        return String(String(decoding: bytes, as: UTF8.self).prefix { $0 != " " })
    }

    /// The profile's description tag, in English where there is a choice.
    var description: String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", &buffer, 256)
        guard length > 1 else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// `true` if the profile is an RGB matrix/curve profile with sRGB's colorants and curves
    /// (as cameras and editors embed it), so converting would change nothing.
    var isSRGB: Bool {
        guard colorSpace == cmsSigRgbData else { return false }
        let reference = LCMSProfile.sRGB()
        // Open while its tags are read and its curves evaluated below.
        defer { withExtendedLifetime(reference) {} }
        let colorants = [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag]
        for tag in colorants {
            guard let ours = cmsReadTag(handle, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee,
                let theirs = cmsReadTag(reference.handle, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee,
                abs(ours.X - theirs.X) < 0.002, abs(ours.Y - theirs.Y) < 0.002, abs(ours.Z - theirs.Z) < 0.002
            else { return false }
        }
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            guard let ours = cmsReadTag(handle, tag), let theirs = cmsReadTag(reference.handle, tag) else {
                return false
            }
            let (curve, sRGB) = (OpaquePointer(ours), OpaquePointer(theirs))
            for step in 0...16 {
                let value = Float(step) / 16
                guard abs(cmsEvalToneCurveFloat(curve, value) - cmsEvalToneCurveFloat(sRGB, value)) < 0.5 / 255 else {
                    return false
                }
            }
        }
        return true
    }
}
