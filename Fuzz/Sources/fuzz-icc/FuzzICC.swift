// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeLCMS

private let rgba = try! Bitmap(width: 4, height: 3, pixelFormat: .rgba8, fill: [250, 120, 10, 200])
private let gray = try! Bitmap(width: 4, height: 3, pixelFormat: .gray8, fill: [77])

/// libFuzzer's entry point: one input as an embedded ICC profile, converting an RGBA and a gray
/// image to sRGB with each rendering intent (a profile is whatever an image file carries).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let profile = ColorProfile.icc(Data(bytes: start, count: count))
    let manager = LCMSColorManager()  // a cache per input: each input's allocations end with it
    for intent in RenderingIntent.allCases {
        _ = try? manager.convertToSRGB(rgba, from: profile, intent: intent)
        _ = try? manager.convertToSRGB(gray, from: profile, intent: intent)
        // The row conversion NukeJPEG would run as it decodes, where there is one.
        if let rows = manager.planarRowConversion(from: profile, intent: intent) {
            let planes: [UInt8] = [250, 120, 10, 0, 255, 128, 64, 3, 200]
            var output = [UInt8](repeating: 0, count: 12)
            rows.withContext { context in
                planes.withUnsafeBufferPointer { planes in
                    let red = planes.baseAddress!
                    rows.function(context, red, red + 3, red + 6, &output, 3)
                }
            }
        }
    }
    return 0
}
