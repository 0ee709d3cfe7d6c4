// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeJPEG

@Suite struct JPEGDCScansTests {
    /// Decodes at 1/8 scale through a thumbnail request, from the DC scans or from every scan.
    func eighth(_ data: Data, fromDCScans: Bool) throws -> Bitmap {
        let size = try JPEGDecoder.pixelSize(of: data)
        let longer = max(size.width, size.height)
        var request = ImageRequest(url: URL(string: "file:///x.jpg"))
        request.thumbnail = ThumbnailOptions(maxPixelSize: Double((longer + 7) / 8))
        var options = JPEGDecoder.Options()
        options.decodesFromDCScans = fromDCScans
        options.appliesOrientation = false
        let context = ImageDecodingContext(request: request, data: data)
        return try JPEGDecoder(context: context, options: options).decode(data).image
    }

    @Test("Exploration")
    func explore() throws {
        guard let folder = ProcessInfo.processInfo.environment["NUKE_DC_FOLDER"] else { return }
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            let dc = try eighth(data, fromDCScans: true)
            let full = try eighth(data, fromDCScans: false)
            let reduced = JPEGDCScans(data, maximumScanCount: 100)
            print(name, dc.width, dc.height, ReferenceImage.maximumDifference(dc, full) ?? -1, reduced?.data.count ?? -1, data.count)
        }
    }
}
