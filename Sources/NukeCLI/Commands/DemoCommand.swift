// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import ArgumentParser
import Foundation
import Nuke
import NukeLoopback

/// `nuke demo`: the whole pipeline at work, offline, against a generated gallery on loopback.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the pipeline against a built-in gallery on a loopback server (no network needed).",
        discussion: """
            Generates baseline and progressive JPEGs, PNGs with alpha, an animated GIF and an animated \
            WebP, serves them on 127.0.0.1, and loads them through several processor chains three times: \
            cold, warm (memory cache) and with a new pipeline over the same HTTP cache. Prints what \
            happened and writes a contact sheet PNG of the results.
            """
    )

    /// The processor chains every image goes through; the first two share their resize step.
    static let processorChains = [
        "resize(width:240,height:160,crop:true)",
        "resize(width:240,height:160,crop:true)|CISepiaTone(inputIntensity:0.9)",
        "resize(width:160,height:160,crop:true)|circle",
        "resize(width:240)|roundedCorners(radius:16)|CIColorControls(inputSaturation:1.8)",
    ]

    @Option(help: "The folder for contact-sheet.png, replaced if there (default: nuke-demo in the temp directory).")
    var output: String?

    @Option(help: "How many times each image and chain pair is requested per pass.")
    var repeats: Int = 4

    @Option(help: "The server's delay before each response, in milliseconds (a stand-in for the network).")
    var latency: Int = 30

    @Option(help: "The network loader: curl or urlsession.")
    var loader: LoaderChoice = .curl

    func validate() throws {
        guard (1...50).contains(repeats) else { throw ValidationError("--repeats must be between 1 and 50") }
        guard (0...2000).contains(latency) else { throw ValidationError("--latency must be between 0 and 2000") }
    }

    func run() async throws {
        let start = ContinuousClock.now
        // The demo's one file, contact-sheet.png, replaces the previous run's.
        let directory = try OutputDirectory(
            path: output ?? FileManager.default.temporaryDirectory.appendingPathComponent("nuke-demo").path,
            rules: OutputDirectory.ReplacementRules(replacesExistingFiles: true)
        )
        let gallery = try DemoGallery()
        let server = try HTTPTestServer()
        defer { server.stop() }
        gallery.serve(on: server, latency: .milliseconds(latency))
        let cacheDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("nuke-demo-cache-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: cacheDirectory) }
        let httpCache = try DataCache(path: cacheDirectory)

        let chains = try Self.processorChains.map { try PluginRegistry.defaultPlugins.processors(fromSpec: $0) }
        let workload = DemoWorkload(
            urls: gallery.items.map { server.url($0.path) },
            chains: chains,
            repeats: repeats
        )
        Standard.output("Nuke demo: \(gallery.items.count) generated images (\(gallery.summary)) on \(server.baseURL)")
        Standard.output(
            "Each pass: \(workload.requests.count) requests, \(workload.distinctCount) distinct image and processor "
                + "pairs asked \(repeats) times each at different priorities; \(chains.count) processor chains:"
        )
        for spec in Self.processorChains { Standard.output("  \(spec)") }
        Standard.output("")

        let first = CommandLinePipeline(loader: loader, concurrency: 6, httpCache: httpCache)
        let cold = try await workload.run(on: first, server: server)
        let warm = try await workload.run(on: first, server: server)
        first.flush()
        let reopened = try await workload.run(
            on: CommandLinePipeline(loader: loader, concurrency: 6, httpCache: httpCache),
            server: server
        )
        DemoReport.printTable([("cold", cold), ("warm", warm), ("new pipeline", reopened)])

        let rows = gallery.items.indices.map { item in chains.indices.compactMap { cold.images[[item, $0]] } }
        let sheet = try ContactSheet.render(rows: rows, cellWidth: 240, cellHeight: 160)
        var claimed = Set<String>()
        let file = try directory.write(
            try PNGEncoder().encode(sheet),
            relativePath: "contact-sheet.png",
            claimed: &claimed
        )
        Standard.output("")
        Standard.output(
            "Contact sheet: \(file.path) (\(sheet.width)×\(sheet.height); one row per image, one column per chain; "
                + "animations show their first frame)"
        )
        Standard.output(String(format: "Done in %.1f s.", (ContinuousClock.now - start).seconds))
    }
}
