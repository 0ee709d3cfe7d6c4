// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke

/// What `nuke info` says about an image, as aligned lines or as JSON.
struct ImageDescription: Encodable {
    var source: String
    var format: String?
    var bytes: Int
    var width: Int
    var height: Int
    var pixelFormat: String
    var hasTransparency: Bool
    /// The colour profile's name (an ICC profile's description, or CICP code points), if any.
    var colorProfile: String?
    /// The embedded ICC profile's size in bytes, if any.
    var colorProfileBytes: Int?
    /// The EXIF orientation, if the file has one (1–8; anything else is ignored).
    var orientation: Int?
    var frames: Int
    /// How many times an animation plays; 0: for ever.
    var loopCount: Int?
    /// Each frame's duration, in seconds.
    var frameDurations: [Double]?

    init(source: String, container: ImageContainer, data: Data) {
        let bitmap = container.image
        self.source = source
        format = container.type?.rawValue
        bytes = data.count
        width = bitmap.width
        height = bitmap.height
        pixelFormat = "\(bitmap.pixelFormat)"
        hasTransparency = bitmap.pixelFormat.hasAlpha && !bitmap.isOpaque
        let profile = ColorProfile(of: container)
        colorProfile = profile.map { LCMSColorManager.describe($0) ?? "unreadable ICC profile" }
        if case .icc(let bytes)? = profile { colorProfileBytes = bytes.count }
        // A CMYK file's profile, its pixels decoded to RGB.
        if profile == nil, let source = container.userInfo[.sourceICCProfileKey] as? Data {
            colorProfile = (LCMSColorManager.describe(.icc(source)) ?? "unreadable ICC profile") + ", decoded to RGB"
            colorProfileBytes = source.count
        }
        orientation = container.userInfo[.exifOrientationKey] as? Int
        frames = container.frameCount
        loopCount = container.animation?.loopCount
        frameDurations = container.animation?.frameDurations
    }

    /// `label value` lines, the values aligned.
    var text: String {
        var lines: [(String, String)] = [
            ("source", source),
            ("format", format ?? "unknown"),
            ("data", "\(ByteCount.format(Int64(bytes))) (\(counted(bytes, "byte")))"),
            ("size", "\(width)×\(height) pixels"),
            (
                "pixels",
                pixelFormat + (pixelFormat == "rgba8" ? (hasTransparency ? ", with transparency" : ", opaque") : "")
            ),
        ]
        let profileSize = colorProfileBytes.map { " (ICC, \(counted($0, "byte")))" } ?? ""
        lines.append(("colour", colorProfile.map { $0 + profileSize } ?? "no profile (sRGB)"))
        if let orientation {
            let meaning = ImageOrientation(rawValue: orientation).map { " (\($0), applied)" } ?? " (invalid, ignored)"
            lines.append(("orientation", "\(orientation)" + meaning))
        } else {
            lines.append(("orientation", "none"))
        }
        if let frameDurations, let loopCount {
            let loops = loopCount == 0 ? "loops forever" : "plays \(counted(loopCount, "time"))"
            let total = String(format: "%.2f", frameDurations.reduce(0, +))
            lines.append(("frames", "\(frames), \(total) s in all, \(loops)"))
            lines.append(("durations", frameDurations.map { String(format: "%.2f", $0) }.joined(separator: " ") + " s"))
        } else {
            lines.append(("frames", "1"))
        }
        return lines.map { $0.0.padding(toLength: 13, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
    }
}
