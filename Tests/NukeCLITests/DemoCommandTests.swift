// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

@Suite struct DemoCommandTests {
    /// The row of the demo's table that starts with `pass`, as its columns after the name.
    static func row(_ pass: String, in output: String) -> [String] {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix(pass + " ") }) else { return [] }
        // Bytes print as "236.6 KB": join number and unit back into one column.
        var columns = line.dropFirst(pass.count).split(separator: " ").map(String.init)
        if let unit = columns.firstIndex(where: { ["B", "KB", "MB"].contains($0) }) {
            columns[unit - 1] += " " + columns.remove(at: unit)
        }
        return columns
    }

    @Test("The demo runs end to end, reports every cache layer and writes a valid contact sheet")
    func demoEndToEnd() async throws {
        let runner = try CommandRunner()
        let outcome = try await runner.run(["demo", "--output", runner.path("demo")])
        #expect(outcome.status == 0, "\(outcome.standardError)")

        // Columns: requests, server, downloads, bytes, coalesced, memory, HTTP cache, p50, p95, time.
        let cold = Self.row("cold", in: outcome.standardOutput)
        let warm = Self.row("warm", in: outcome.standardOutput)
        let reopened = Self.row("new pipeline", in: outcome.standardOutput)
        try #require(cold.count >= 7 && warm.count >= 7 && reopened.count >= 7, "\(outcome.standardOutput)")
        #expect(cold[0] == "192" && cold[1] == "12" && cold[2] == "12" && cold[4] == "180")
        #expect(warm[0] == "192" && warm[1] == "0" && warm[5] == "192")
        // Nothing reaches the server again. Each image comes from the HTTP cache at least once;
        // more often when a machine under load lets one fetch finish before the next request
        // for the same URL arrives (then it is not coalesced but read from the cache again).
        #expect(reopened[1] == "0" && reopened[2] == "0" && (Int(reopened[6]) ?? 0) >= 12)

        let sheetPath = runner.path("demo/contact-sheet.png")
        #expect(outcome.standardOutput.contains("Contact sheet: \(sheetPath)"))
        let data = try Data(contentsOf: URL(fileURLWithPath: sheetPath))
        #expect(AssetType(data) == .png)
        let pipeline = ImagePipeline { $0.imageCache = nil }
        let sheet = try await pipeline.image(for: ImageRequest(id: "sheet", data: { data }))
        #expect(sheet.width == 1000 && sheet.height == 2024)
    }
}
