// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("Hostile option lists")
struct HostileOptionsTests {
    /// Every option's first name in the table, presets, and a name no option has.
    static let names = ProcessingOptions.table.map { $0.names[0] } + ["pr", "zz"]

    @Test("Every name and alias in the option table belongs to one option")
    func namesAreUnique() {
        let names = ProcessingOptions.table.flatMap(\.names)
        #expect(Set(names).count == names.count)
        #expect(!names.contains("pr") && !names.contains("preset"))  // Presets are read by the reader itself.
        #expect(ProcessingOptions.rowsByName.count == names.count)
    }

    static let arguments = [
        "", "0", "1", "-1", "0.5", "1e308", "-1e308", "nan", "inf", "9223372036854775807", "-9223372036854775808",
        "99999999999999999999", "8192", "100000", "fit", "fill", "ce", "sm", "fp", "noea", "jpg", "gif", "avif",
        "ff0000", "%00", "%E9", "a%2Fb", "true", "t", "x",
    ]

    @Test("Thousands of random option lists: each planned or refused with a typed error, never a crash")
    func randomOptionLists() {
        var random = SeededGenerator(seed: 20_261_127)
        var configuration = ProxyConfiguration()
        configuration.allowsUnsignedURLs = true
        configuration.sources = SourcePolicy()
        var (planned, refused) = (0, 0)
        for _ in 0..<5000 {
            let options = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                let name = Self.names.randomElement(using: &random)!
                let count = Int.random(in: 0...3, using: &random)
                let arguments = (0..<count).map { _ in Self.arguments.randomElement(using: &random)! }
                return ([name] + arguments).joined(separator: ":")
            }
            let path = "/unsafe/" + options.joined(separator: "/") + "/plain/https://example.com/a.jpg"
            do throws(ProxyRequestError) {
                let plan = try ProxyPlan(
                    path: path,
                    accept: "image/webp",
                    configuration: configuration,
                    registry: .init()
                )
                #expect(!plan.cacheKey.isEmpty && (1...100).contains(plan.quality))
                planned += 1
            } catch {
                #expect((400..<500).contains(error.status), "\(path): \(error)")
                refused += 1
            }
        }
        // Both outcomes are reached, so the lists are neither all valid nor all rejected.
        #expect(planned > 50 && refused > 50, "planned \(planned), refused \(refused)")
    }
}
