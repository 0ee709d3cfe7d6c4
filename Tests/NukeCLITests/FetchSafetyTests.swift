// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

/// `nuke fetch` loses nothing: it never replaces an input (unless `--in-place`) or a file that
/// existed (unless `--overwrite`), and an input that cannot be read fails alone.
@Suite struct FetchSafetyTests {
    /// `photos/a.jpg` (120×80) and `photos/b.jpg` (60×40), and their bytes.
    private func makePhotos(_ runner: CommandRunner) throws -> (folder: String, a: Data, b: Data) {
        let folder = runner.path("photos")
        try FileManager.default.createDirectory(atPath: folder + "/2024", withIntermediateDirectories: true)
        let a = try FetchCommandTests.photo()
        let b = try FetchCommandTests.photo(width: 60, height: 40)
        try a.write(to: URL(fileURLWithPath: folder + "/a.jpg"))
        try b.write(to: URL(fileURLWithPath: folder + "/2024/b.jpg"))
        return (folder, a, b)
    }

    private func contents(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    @Test("In the photos' own folder, with the default output '.', the originals are kept and each is refused")
    func defaultOutputKeepsOriginals() async throws {
        let runner = try CommandRunner()
        let photos = try makePhotos(runner)

        let outcome = try await runner.run(["fetch", ".", "-r", "--size", "32"], workingDirectory: photos.folder)

        #expect(outcome.status == 1)
        #expect(contents(photos.folder + "/a.jpg") == photos.a)
        #expect(contents(photos.folder + "/2024/b.jpg") == photos.b)
        #expect(outcome.errorLines.count == 2, "\(outcome.standardError)")
        #expect(outcome.errorLines.allSatisfy { $0.contains("give --in-place to replace inputs") })
        #expect(outcome.standardOutput.contains("Saved 0 of 2"))
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: photos.folder)
            .filter { $0.contains("nuke-") }
        #expect(leftovers.isEmpty, "staged files left behind: \(leftovers)")
    }

    @Test("A file that exists is refused without --overwrite, the other inputs still written; replaced with it")
    func existingFiles() async throws {
        let runner = try CommandRunner()
        let photos = try makePhotos(runner)
        let output = runner.path("out")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let precious = Data("the user's own file".utf8)
        try precious.write(to: URL(fileURLWithPath: output + "/a.jpg"))

        let refused = try await runner.run([
            "fetch", photos.folder + "/a.jpg", photos.folder + "/2024/b.jpg", "-o", output,
        ])
        #expect(refused.status == 1)
        #expect(contents(output + "/a.jpg") == precious)
        #expect(contents(output + "/b.jpg") == photos.b)
        #expect(refused.errorLines.count == 1 && refused.errorLines[0].contains("give --overwrite to replace it"))

        let replaced = try await runner.run([
            "fetch", photos.folder + "/a.jpg", photos.folder + "/2024/b.jpg", "-o", output, "--overwrite",
        ])
        #expect(replaced.status == 0, "\(replaced.standardError)")
        #expect(contents(output + "/a.jpg") == photos.a)
    }

    @Test("An output that is an input through a symlinked folder or a hard link is refused even with --overwrite")
    func aliasesOfInputs() async throws {
        let runner = try CommandRunner()
        let photos = try makePhotos(runner)
        let linkedFolder = runner.path("linked")
        try FileManager.default.createSymbolicLink(atPath: linkedFolder, withDestinationPath: photos.folder)
        let hardLinked = runner.path("hard")
        try FileManager.default.createDirectory(atPath: hardLinked, withIntermediateDirectories: true)
        try FileManager.default.linkItem(atPath: photos.folder + "/a.jpg", toPath: hardLinked + "/a.jpg")

        let throughSymlink = try await runner.run([
            "fetch", photos.folder, "-r", "--size", "32", "-o", linkedFolder, "--overwrite",
        ])
        let throughHardLink = try await runner.run([
            "fetch", photos.folder + "/a.jpg", "--size", "32", "-o", hardLinked, "--overwrite",
        ])

        #expect(throughSymlink.status == 1 && throughHardLink.status == 1)
        #expect(throughSymlink.errorLines.count == 2, "\(throughSymlink.standardError)")
        #expect(throughHardLink.errorLines.count == 1, "\(throughHardLink.standardError)")
        for line in throughSymlink.errorLines + throughHardLink.errorLines {
            #expect(line.contains("not replacing the input") && line.contains("--in-place"), "\(line)")
        }
        #expect(contents(photos.folder + "/a.jpg") == photos.a)
        #expect(contents(photos.folder + "/2024/b.jpg") == photos.b)
    }

    @Test("--in-place replaces the inputs with their results, recursively, as asked")
    func inPlace() async throws {
        let runner = try CommandRunner()
        let photos = try makePhotos(runner)

        let outcome = try await runner.run(
            ["fetch", ".", "-r", "--size", "30", "--in-place"],
            workingDirectory: photos.folder
        )

        #expect(outcome.status == 0, "\(outcome.standardError)")
        let a = try await FetchCommandTests.decode(photos.folder + "/a.jpg")
        let b = try await FetchCommandTests.decode(photos.folder + "/2024/b.jpg")
        #expect(a.image.width == 30 && b.image.width == 30)
    }

    @Test("A missing or unreadable file fails alone: one error line, the others saved, exit 1")
    func missingInputFailsAlone() async throws {
        let runner = try CommandRunner()
        let photos = try makePhotos(runner)
        let dangling = runner.path("dangling.jpg")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: runner.path("gone.jpg"))
        let inputs = [photos.folder + "/a.jpg", runner.path("nope.jpg"), dangling, photos.folder + "/2024/b.jpg"]

        let lines = try await runner.run(["fetch"] + inputs + ["-o", runner.path("lines")])
        let json = try await runner.run(["fetch"] + inputs + ["-o", runner.path("json"), "--json"])

        #expect(lines.status == 1 && json.status == 1)
        #expect(lines.errorLines.count == 2, "\(lines.standardError)")
        #expect(lines.errorLines[0].contains("nope.jpg") && lines.errorLines[1].contains("dangling.jpg"))
        #expect(lines.standardOutput.contains("Saved 2 of 4"))
        for folder in ["lines", "json"] {
            #expect(contents(runner.path(folder + "/a.jpg")) == photos.a)
            #expect(contents(runner.path(folder + "/b.jpg")) == photos.b)
        }
        let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutputData) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.map { $0["status"] as? String ?? "" } == ["saved", "failed", "failed", "saved"])
        #expect(files.map { $0["input"] as? String ?? "" } == inputs)
        #expect((files[1]["error"] as? String)?.contains("No such file") == true)
    }
}
