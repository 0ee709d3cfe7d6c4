// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Reference decodes stored beside fixtures, in the netpbm formats standard tools write:
/// P5 (gray), P6 (RGB, read as opaque RGBA) and P7 (PAM: GRAYSCALE, GRAYSCALE_ALPHA, RGB,
/// RGB_ALPHA; gray with alpha is read as RGBA).
public enum ReferenceImage {
    /// An error reading a reference file.
    public struct FormatError: Error, CustomStringConvertible {
        /// What is wrong.
        public var description: String
    }

    /// Reads a netpbm file into a bitmap (8-bit samples only).
    public static func read(_ data: Data) throws -> Bitmap {
        let bytes = [UInt8](data)
        var offset = 0
        func token() throws -> String {
            while offset < bytes.count {
                if bytes[offset] == UInt8(ascii: "#") {
                    while offset < bytes.count, bytes[offset] != 10 { offset += 1 }
                } else if bytes[offset] == 32 || bytes[offset] == 10 || bytes[offset] == 13 || bytes[offset] == 9 {
                    offset += 1
                } else {
                    break
                }
            }
            let start = offset
            while offset < bytes.count, ![32, 10, 13, 9].contains(bytes[offset]) { offset += 1 }
            guard offset > start else { throw FormatError(description: "unexpected end of header") }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }
        let magic = try token()
        var width = 0
        var height = 0
        var depth = 0
        var maxValue = 0
        switch magic {
        case "P5", "P6":
            width = Int(try token()) ?? 0
            height = Int(try token()) ?? 0
            maxValue = Int(try token()) ?? 0
            depth = magic == "P5" ? 1 : 3
        case "P7":
            while true {
                let key = try token()
                if key == "ENDHDR" { break }
                let value = try token()
                switch key {
                case "WIDTH": width = Int(value) ?? 0
                case "HEIGHT": height = Int(value) ?? 0
                case "DEPTH": depth = Int(value) ?? 0
                case "MAXVAL": maxValue = Int(value) ?? 0
                default: break
                }
            }
        default:
            throw FormatError(description: "not a netpbm file: \(magic)")
        }
        offset += 1  // The single whitespace byte after the header.
        guard maxValue == 255, width > 0, height > 0, (1...4).contains(depth) else {
            throw FormatError(description: "unsupported netpbm: \(width)×\(height), depth \(depth), max \(maxValue)")
        }
        let samples = Array(bytes[offset...])
        guard samples.count >= width * height * depth else { throw FormatError(description: "short pixel data") }
        if depth == 1 {
            return try Bitmap(
                width: width,
                height: height,
                pixelFormat: .gray8,
                pixels: Array(samples.prefix(width * height))
            )
        }
        var rgba = [UInt8]()
        rgba.reserveCapacity(width * height * 4)
        for index in 0..<(width * height) {
            let pixel = samples[(index * depth)..<(index * depth + depth)].map { $0 }
            switch depth {
            case 2: rgba += [pixel[0], pixel[0], pixel[0], pixel[1]]
            case 3: rgba += pixel + [255]
            default: rgba += pixel
            }
        }
        return try Bitmap(width: width, height: height, pixelFormat: .rgba8, pixels: rgba)
    }

    /// `bitmap` as a PAM file (GRAYSCALE or RGB_ALPHA), the format ``read(_:)`` reads.
    public static func pam(_ bitmap: Bitmap) -> Data {
        let depth = bitmap.pixelFormat.bytesPerPixel
        let tuple = depth == 1 ? "GRAYSCALE" : "RGB_ALPHA"
        var data = Data(
            "P7\nWIDTH \(bitmap.width)\nHEIGHT \(bitmap.height)\nDEPTH \(depth)\nMAXVAL 255\nTUPLTYPE \(tuple)\nENDHDR\n"
                .utf8
        )
        bitmap.withUnsafeBytes { bytes in
            for y in 0..<bitmap.height {
                let start = y * bitmap.bytesPerRow
                data.append(contentsOf: bytes[start..<start + bitmap.width * depth])
            }
        }
        return data
    }

    /// Compares `bitmap` with the golden image `name` in `directory` (within `tolerance` per
    /// sample). With the environment variable `NUKE_RECORD_GOLDENS=1` it writes the golden
    /// instead: that is how goldens are generated, once, and reviewed before they are committed.
    ///
    /// - Returns: `nil` when it matches (or was recorded), else a description of the mismatch.
    public static func checkGolden(_ bitmap: Bitmap, named name: String, in directory: URL, tolerance: Int = 1)
        -> String?
    {
        let url = directory.appendingPathComponent(name + ".pam")
        if ProcessInfo.processInfo.environment["NUKE_RECORD_GOLDENS"] == "1" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return (try? pam(bitmap).write(to: url)) == nil ? "cannot write \(url.path)" : nil
        }
        guard let data = try? Data(contentsOf: url), let golden = try? read(data) else {
            return "no golden at \(url.path); record it with NUKE_RECORD_GOLDENS=1"
        }
        guard let difference = maximumDifference(bitmap, golden) else {
            return "\(name): size or format differs from the golden"
        }
        return difference <= tolerance ? nil : "\(name): differs from the golden by up to \(difference)"
    }

    /// `bitmap` with the colour of every fully transparent RGBA pixel set to zero, since that
    /// colour is invisible and tools disagree about it.
    public static func clearingTransparentColor(_ bitmap: Bitmap) throws -> Bitmap {
        guard bitmap.pixelFormat == .rgba8 else { return bitmap }
        var pixels = [UInt8]()
        pixels.reserveCapacity(bitmap.width * bitmap.height * 4)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let pixel = bitmap.pixel(x: x, y: y)
                pixels += pixel[3] == 0 ? [0, 0, 0, 0] : pixel
            }
        }
        return try Bitmap(width: bitmap.width, height: bitmap.height, pixelFormat: .rgba8, pixels: pixels)
    }

    /// The mean and the largest absolute difference between corresponding samples of two bitmaps
    /// of the same size and format, or `nil` if their sizes or formats differ.
    public static func difference(_ lhs: Bitmap, _ rhs: Bitmap) -> (mean: Double, maximum: Int)? {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.pixelFormat == rhs.pixelFormat else { return nil }
        var total = 0
        var maximum = 0
        for y in 0..<lhs.height {
            for x in 0..<lhs.width {
                for (a, b) in zip(lhs.pixel(x: x, y: y), rhs.pixel(x: x, y: y)) {
                    let delta = abs(Int(a) - Int(b))
                    total += delta
                    maximum = max(maximum, delta)
                }
            }
        }
        let count = lhs.width * lhs.height * lhs.pixelFormat.bytesPerPixel
        return (Double(total) / Double(max(1, count)), maximum)
    }

    /// The largest difference between corresponding samples of two bitmaps of the same size and
    /// format, or `nil` if their sizes or formats differ.
    public static func maximumDifference(_ lhs: Bitmap, _ rhs: Bitmap) -> Int? {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.pixelFormat == rhs.pixelFormat else { return nil }
        let rowBytes = lhs.width * lhs.pixelFormat.bytesPerPixel
        var maximum = 0
        lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in
                for y in 0..<lhs.height {
                    for x in 0..<rowBytes {
                        let difference = abs(Int(left[y * lhs.bytesPerRow + x]) - Int(right[y * rhs.bytesPerRow + x]))
                        if difference > maximum { maximum = difference }
                    }
                }
            }
        }
        return maximum
    }
}
