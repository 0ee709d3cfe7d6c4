// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension HostileImages {
    /// A HEIF-family file (AVIF, HEIC) whose every image spatial extent (`ispe`) declares
    /// `width × height`: a small real file that claims a huge image.
    ///
    /// - Parameters:
    ///   - data: A real file made by an encoder.
    ///   - width: The width to declare.
    ///   - height: The height to declare.
    /// - Returns: The file with its `ispe` boxes rewritten, or `nil` if it has none.
    public static func heif(_ data: Data, declaringWidth width: Int, height: Int) -> Data? {
        var bytes = [UInt8](data)
        let tag = Array("ispe".utf8)
        var found = false
        var index = 0
        // ispe: size (4), "ispe", version and flags (4), width (4), height (4).
        while index + 16 <= bytes.count {
            if bytes[index..<index + 4].elementsEqual(tag) {
                bytes.replaceSubrange(index + 8..<index + 12, with: bigEndian(width, count: 4))
                bytes.replaceSubrange(index + 12..<index + 16, with: bigEndian(height, count: 4))
                found = true
                index += 16
            } else {
                index += 1
            }
        }
        return found ? Data(bytes) : nil
    }
}
