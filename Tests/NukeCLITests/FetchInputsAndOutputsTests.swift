// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

@testable import NukeCLI

/// The conventions `nuke fetch` shares with vipsthumbnail, ImageMagick and curl: directories and
/// lists as input, `-` for stdin and stdout, name templates, geometries, `--strip`, `--json`.
@Suite struct FetchInputsAndOutputsTests {
    private func write(_ data: Data, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        try data.write(to: URL(fileURLWithPath: path))
    }

    private func files(under path: String) -> [String] {
        (FileManager.default.subpaths(atPath: path) ?? []).filter { !$0.hasSuffix("/") }.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    /// `photos/a.jpg`, `photos/b.png`, `photos/notes.txt`, `photos/.hidden.jpg`, `photos/2024/c.jpg`.
    private func makeTree(_ runner: CommandRunner) throws -> String {
        let root = runner.path("photos")
        try write(try FetchCommandTests.photo(), to: root + "/a.jpg")
        try write(try FetchCommandTests.logo(), to: root + "/b.png")
        try write(Data("not an image".utf8), to: root + "/notes.txt")
        try write(try FetchCommandTests.photo(), to: root + "/.hidden.jpg")
        try write(try FetchCommandTests.photo(width: 60, height: 40), to: root + "/2024/c.jpg")
        return root
    }

    @Test("A directory gives its images; --recursive its subfolders' too, mirrored under the output")
    func directories() async throws {
        let runner = try CommandRunner()
        let root = try makeTree(runner)

        let flat = try await runner.run(["fetch", root, "-o", runner.path("flat"), "--cache-dir", runner.path("c")])
        let deep = try await runner.run([
            "fetch", root, "-r", "-o", runner.path("deep"), "--cache-dir", runner.path("c"),
        ])

        #expect(flat.status == 0 && deep.status == 0, "\(flat.standardError)\(deep.standardError)")
        #expect(files(under: runner.path("flat")) == ["a.jpg", "b.png"])
        #expect(files(under: runner.path("deep")) == ["2024/c.jpg", "a.jpg", "b.png"])
        #expect(deep.standardOutput.contains("Saved 3 of 3 files"))
    }

    @Test("--input-file reads inputs from a file or stdin, skipping blank lines and # comments")
    func inputList() async throws {
        let runner = try CommandRunner()
        let root = try makeTree(runner)
        let list = "# today's batch\n\(root)/a.jpg\n\n  \(root)/2024/c.jpg  \n"
        try write(Data(list.utf8), to: runner.path("list.txt"))

        let fromFile = try await runner.run(["fetch", "-i", runner.path("list.txt"), "-o", runner.path("one")])
        let fromStdin = try await runner.run(
            ["fetch", "--input-file", "-", "-o", runner.path("two")],
            standardInput: Data(list.utf8)
        )

        #expect(fromFile.status == 0 && fromStdin.status == 0, "\(fromFile.standardError)\(fromStdin.standardError)")
        #expect(files(under: runner.path("one")) == ["a.jpg", "c.jpg"])
        #expect(files(under: runner.path("two")) == ["a.jpg", "c.jpg"])
    }

    @Test("'-' reads an image from stdin and '--output -' writes one to stdout, the report on stderr")
    func standardStreams() async throws {
        let runner = try CommandRunner()
        let outcome = try await runner.run(
            ["fetch", "-", "--size", "30", "--format", "png", "--output", "-"],
            standardInput: try FetchCommandTests.photo(width: 120, height: 80)
        )

        #expect(outcome.status == 0, "\(outcome.standardError)")
        let image = try await ImagePipeline { $0.imageCache = nil }
            .image(for: ImageRequest(id: "stdout", data: { outcome.standardOutputData }))
        #expect(image.width == 30 && image.height == 20)
        #expect(outcome.standardError.contains("- → - (jpeg → png, 30×20"))
        #expect(outcome.standardError.contains("Saved 1 of 1 file "))
    }

    @Test("'--output -' takes one input, and stdin is read once")
    func standardStreamMisuse() async throws {
        let runner = try CommandRunner()
        let root = try makeTree(runner)
        let two = try await runner.run(["fetch", root + "/a.jpg", root + "/b.png", "-o", "-"])
        BadInputTests.expectOneErrorLine(two, containing: "'--output -' writes one image", status: .usage)
        let twice = try await runner.run(["fetch", "-", "-i", "-"])
        BadInputTests.expectOneErrorLine(twice, containing: "stdin can be read once", status: .usage)
        let both = try await runner.run(["fetch", "-", "-o", "-", "--json"])
        BadInputTests.expectOneErrorLine(both, containing: "--json", status: .usage)
    }

    @Test("--name places and names files; its extension picks the format")
    func nameTemplate() async throws {
        let runner = try CommandRunner()
        let root = try makeTree(runner)

        let outcome = try await runner.run([
            "fetch", root, "-r", "--size", "20x20", "--name", "{dir}/{index}-{name}-{width}x{height}.webp",
            "-o", runner.path("out"),
        ])

        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(files(under: runner.path("out")) == ["2-a-20x13.webp", "2024/1-c-20x13.webp", "3-b-20x15.webp"])
        let converted = try await FetchCommandTests.decode(runner.path("out/2-a-20x13.webp"))
        #expect(converted.type == .webp)

        let clash = try await runner.run(["fetch", root + "/a.jpg", "--name", "{name}.png", "--format", "webp"])
        BadInputTests.expectOneErrorLine(clash, containing: "--format is webp", status: .usage)
        let unknown = try await runner.run(["fetch", root + "/a.jpg", "--name", "{name}.tga"])
        BadInputTests.expectOneErrorLine(unknown, containing: ".tga is not a format", status: .usage)
    }

    @Test(
        "--size takes ImageMagick geometries",
        arguments: [("60x60", 60, 40), ("60x60^", 90, 60), ("50x50!", 50, 50)]
    )
    func geometry(_ geometry: String, width: Int, height: Int) async throws {
        let runner = try CommandRunner()
        let input = runner.path("a.jpg")
        try write(try FetchCommandTests.photo(width: 120, height: 80), to: input)

        let outcome = try await runner.run([
            "fetch", input, "--size", geometry, "--format", "png", "-o", runner.path("out"),
        ])

        #expect(outcome.status == 0, "\(outcome.standardError)")
        let image = try await FetchCommandTests.decode(runner.path("out/a.png")).image
        #expect(image.width == width && image.height == height)
    }

    @Test("jpg names jpeg; a format that is the source's own keeps the bytes as downloaded")
    func jpgAlias() async throws {
        let runner = try CommandRunner()
        let input = runner.path("a.jpg")
        let photo = try FetchCommandTests.photo()
        try write(photo, to: input)

        let outcome = try await runner.run(["fetch", input, "--format", "JPG", "-o", runner.path("out")])

        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.path("out/a.jpg"))) == photo)
    }

    @Test("--strip drops metadata as downloaded, and turns an EXIF-rotated JPEG upright first")
    func strip() async throws {
        let runner = try CommandRunner()
        let photo = [UInt8](try FetchCommandTests.photo())
        let comment = Array("shot at home".utf8)
        let withComment = Array(photo[..<2]) + [0xFF, 0xFE, 0, UInt8(comment.count + 2)] + comment + Array(photo[2...])
        try write(Data(withComment), to: runner.path("commented.jpg"))
        let rotated = try #require(
            Bundle.module.url(forResource: "orientation-6", withExtension: "jpg", subdirectory: "Fixtures")
        )

        let outcome = try await runner.run([
            "fetch", runner.path("commented.jpg"), rotated.path, "--strip", "-o", runner.path("out"),
        ])

        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.path("out/commented.jpg"))) == Data(photo))
        let upright = try await FetchCommandTests.decode(runner.path("out/orientation-6.jpg"))
        let original = try await FetchCommandTests.decode(rotated.path)
        #expect(upright.userInfo[.exifOrientationKey] == nil)
        #expect(upright.image.width == original.image.width && upright.image.height == original.image.height)
    }

    @Test("--json prints one document: every input in order, then the totals")
    func json() async throws {
        let runner = try CommandRunner()
        let root = try makeTree(runner)

        let outcome = try await runner.run([
            "fetch", root + "/b.png", root + "/notes.txt", root + "/a.jpg", "--json", "-o", runner.path("out"),
        ])

        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1 && outcome.errorLines[0].hasPrefix("nuke: cannot fetch"))
        let report = try #require(try JSONSerialization.jsonObject(with: outcome.standardOutputData) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.map { $0["status"] as? String ?? "" } == ["saved", "failed", "saved"])
        #expect(files.map { $0["index"] as? Int ?? 0 } == [1, 2, 3])
        #expect(files[0]["format"] as? String == "png" && files[0]["asDownloaded"] as? Bool == true)
        #expect(files[1]["error"] as? String != nil)
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["saved"] as? Int == 2 && summary["failed"] as? Int == 1 && summary["inputs"] as? Int == 3)
    }

    @Test("info --json describes an image")
    func infoJSON() async throws {
        let runner = try CommandRunner()
        let outcome = try await runner.run(["info", "-", "--json"], standardInput: try FetchCommandTests.logo())
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let description = try #require(
            try JSONSerialization.jsonObject(with: outcome.standardOutputData) as? [String: Any]
        )
        #expect(description["format"] as? String == "png")
        #expect(description["width"] as? Int == 40 && description["height"] as? Int == 30)
        #expect(description["hasTransparency"] as? Bool == true)
    }

    @Test("A revalidated entry is 'not modified', not a download")
    func revalidation() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let headers: HTTPHeaderFields = ["Cache-Control": "no-cache"]
        server.serve(
            HTTPTestResource(body: try FetchCommandTests.photo(), etag: "\"v1\"", headers: headers),
            at: "/a.jpg"
        )
        let runner = try CommandRunner()
        let arguments = [
            "fetch", server.url("/a.jpg").absoluteString, "-o", runner.path("out"), "--cache-dir", runner.path("c"),
        ]

        _ = try await runner.run(arguments)
        let warm = try await runner.run(arguments + ["--overwrite"])

        #expect(warm.status == 0, "\(warm.standardError)")
        #expect(warm.standardOutput.contains("1 request, 0 downloads (0 B), 1 not modified"), "\(warm.standardOutput)")
    }
}

/// `--version`, completions and the man page come from swift-argument-parser.
@Suite struct CommandConventionsTests {
    @Test("--version names the command and the C libraries it runs on")
    func version() async throws {
        let outcome = try await CommandRunner().run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasPrefix("nuke \(NukeVersion.number) "))
        for library in [
            "libjpeg-turbo", "libpng", "giflib", "libwebp", "libavif", "libheif", "libjxl", "libtiff", "librsvg",
            "openjpeg",
            "lcms2", "libcurl",
        ] {
            #expect(outcome.standardOutput.contains(library + " "), "\(outcome.standardOutput)")
        }
    }

    @Test("Shell completions for bash, zsh and fish know the subcommands", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) async throws {
        let outcome = try await CommandRunner().run(["--generate-completion-script", shell])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("fetch") && outcome.standardOutput.contains("max-response-size"))
    }

    @Test("Help is not an error: it goes to stdout with status 0")
    func help() async throws {
        let outcome = try await CommandRunner().run(["fetch", "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("--recursive") && outcome.standardError.isEmpty)
    }

    @Test("Help examples fit an 80-column terminal: no command wraps mid-line")
    func helpExamples() async throws {
        let runner = try CommandRunner()
        let help = try await runner.run(["fetch", "--help"])
        let lines = help.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        let examples = lines.drop { $0 != "Examples:" }.dropFirst().prefix { !$0.isEmpty }
        #expect(examples.count >= 4, "\(help.standardOutput)")
        for line in examples {
            #expect(line.hasPrefix("  ") && line.count <= 80, "a wrapped example: '\(line)'")
        }
    }

    @Test("Option errors are one line and status 64, naming the subcommand's help")
    func optionErrors() async throws {
        let runner = try CommandRunner()
        let format = try await runner.run(["fetch", "a.jpg", "--format", "tga"])
        BadInputTests.expectOneErrorLine(format, containing: "'nuke fetch --help'", status: .usage)
        // The allowed values stay on the line, where argument parser lists them below it.
        BadInputTests.expectOneErrorLine(
            format,
            containing: "one of the following: jpeg, jpg, png, webp, avif, jxl, gif, heic, tiff, tif, bmp, ico (see",
            status: .usage
        )
        let unknown = try await runner.run(["info", "a.jpg", "--frobnicate"])
        BadInputTests.expectOneErrorLine(unknown, containing: "--frobnicate", status: .usage)
        let size = try await runner.run(["fetch", "a.jpg", "--size", "10x10x10"])
        BadInputTests.expectOneErrorLine(size, containing: "--size", status: .usage)
    }
}
