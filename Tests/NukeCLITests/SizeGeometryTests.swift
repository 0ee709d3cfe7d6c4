// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Testing

@testable import NukeCLI

@Suite struct SizeGeometryTests {
    private func size(_ geometry: String, _ width: Int, _ height: Int) throws -> [Int] {
        let parsed = try #require(SizeGeometry(argument: geometry), "\(geometry)")
        let size = parsed.targetSize(width: width, height: height)
        return [size.width, size.height]
    }

    @Test("One side keeps the aspect ratio")
    func oneSide() throws {
        #expect(try size("200", 400, 300) == [200, 150])
        #expect(try size("200x", 400, 300) == [200, 150])
        #expect(try size("x150", 400, 300) == [200, 150])
    }

    @Test("WxH fits inside the box, shrinking or enlarging, as ImageMagick does")
    func fit() throws {
        #expect(try size("200x200", 400, 300) == [200, 150])
        #expect(try size("800x800", 400, 300) == [800, 600])
    }

    @Test("^ fills the box: the smaller side fits, nothing is cropped")
    func fill() throws {
        #expect(try size("200x200^", 400, 300) == [267, 200])
        #expect(try size("100x300^", 400, 300) == [400, 300])
    }

    @Test("! resizes to exactly the box")
    func exact() throws {
        #expect(try size("64x64!", 400, 300) == [64, 64])
    }

    @Test("> only shrinks and < only enlarges")
    func shrinkAndEnlargeOnly() throws {
        #expect(try size("800x800>", 400, 300) == [400, 300])
        #expect(try size("200x200>", 400, 300) == [200, 150])
        #expect(try size("200x200<", 400, 300) == [400, 300])
        #expect(try size("800x800<", 400, 300) == [800, 600])
    }

    @Test("Never below one pixel")
    func atLeastOnePixel() throws {
        #expect(try size("1x1", 1000, 10) == [1, 1])
    }

    @Test(
        "Malformed geometries are refused",
        arguments: ["", "x", "0x10", "10x0", "-5", "10x10x10", "abc", "10!", "x10^", "70000", "１０", "10y10", "10x10^!"]
    )
    func malformed(_ geometry: String) {
        #expect(SizeGeometry(argument: geometry) == nil)
    }

    @Test("Prints as written")
    func description() throws {
        #expect(try #require(SizeGeometry(argument: "320x240^")).description == "320x240^")
        #expect(try #require(SizeGeometry(argument: "x240")).description == "x240")
    }
}
