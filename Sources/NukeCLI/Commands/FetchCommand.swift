import ArgumentParser
import Foundation
import Nuke

/// `nuke fetch`: loads images through the pipeline, processes them and writes them to a folder.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Load, process and save images.",
        discussion: """
            Example: nuke fetch https://example.com/a.jpg photo.png --thumbnail 512 \
            --processors 'resize(width:256)|CISepiaTone(inputIntensity:0.8)' --format webp --output out
            """
    )

    @Argument(help: "Image URLs (http, https, file, data) or file paths.")
    var inputs: [String]

    @Option(help: "A processor chain, such as 'resize(width:320,height:240,crop:true)|circle'.")
    var processors: String?

    @Option(help: "Decode to at most this many pixels on the longer side.")
    var thumbnail: Int?

    @Option(
        help: """
            The output format: jpeg, png or webp. Without it, an image with no processors and no \
            thumbnail is written as downloaded; a processed one keeps its format (png for GIF).
            """
    )
    var format: OutputFormat?

    @Option(help: "The quality for jpeg and webp, 1-100.")
    var quality: Int = 80

    @Option(help: "The folder to write into.")
    var output: String = "."

    @OptionGroup var pipelineOptions: PipelineOptions

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one URL or path") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be between 1 and 100") }
        if let thumbnail, thumbnail < 1 { throw ValidationError("--thumbnail must be at least 1 pixel") }
    }

    func run() async throws {
        let start = ContinuousClock.now
        let images = try inputs.map { argument throws(CommandLineError) in try ImageInput(argument) }
        let chain = try makeProcessors()
        let directory = try OutputDirectory(path: output)
        let pipeline = try pipelineOptions.makePipeline()
        defer { pipeline.flush() }

        let display = ProgressDisplay(total: images.count, statistics: pipeline.statistics)
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                display.refresh()
            }
        }
        var failures = 0
        var claimed = Set<String>()
        // Nothing to change: write the file as downloaded (animations and metadata intact).
        let keepsOriginal = chain.isEmpty && thumbnail == nil && format == nil
        await withTaskGroup(of: (ImageInput, Result<Fetched, ImagePipeline.Error>).self) { group in
            for image in images {
                var request = ImageRequest(url: image.url, processors: chain)
                request.thumbnail = thumbnail.map { ThumbnailOptions(maxPixelSize: Double($0)) }
                group.addTask {
                    if keepsOriginal {
                        let result = await pipeline.original(image.url, isRemote: image.isRemote)
                        return (image, result.map { Fetched(response: $0.response, original: $0.data) })
                    }
                    let result = await pipeline.result(for: request, isRemote: image.isRemote)
                    return (image, result.map { Fetched(response: $0, original: nil) })
                }
            }
            for await (image, result) in group {
                do {
                    let fetched = try result.get()
                    let saved = try save(fetched, of: image, in: directory, claimed: &claimed)
                    display.fileFinished(saved)
                } catch {
                    failures += 1
                    display.fileFailed("cannot fetch \(image.argument): \(error)")
                }
            }
        }
        ticker.cancel()
        display.finish()
        Standard.output(summary(pipeline.statistics.snapshot, failures: failures, elapsed: ContinuousClock.now - start))
        if failures > 0 { throw ExitCode.failure }
    }

    private func makeProcessors() throws(CommandLineError) -> [any ImageProcessing] {
        guard let processors else { return [] }
        do {
            return try PluginRegistry.defaultPlugins.processors(fromSpec: processors)
        } catch {
            // The spec error's first line; the lines after it point at the offset with a caret.
            let reason = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
            throw CommandLineError("bad --processors '\(processors)': \(reason)")
        }
    }

    /// A loaded image, with the original bytes when they are written as they are.
    private struct Fetched: Sendable {
        let response: ImageResponse
        let original: Data?
    }

    private func save(
        _ fetched: Fetched,
        of image: ImageInput,
        in directory: OutputDirectory,
        claimed: inout Set<String>
    )
        throws -> String
    {
        let response = fetched.response
        let source = response.container.type ?? "image"
        let size = "\(response.image.width)×\(response.image.height)"
        if let original = fetched.original {
            let file = try directory.write(
                original,
                name: image.baseName,
                fileExtension: source.fileExtension,
                claimed: &claimed
            )
            let frames = response.container.frameCount > 1 ? ", \(response.container.frameCount) frames" : ""
            return "\(image.argument) → \(file.path) (\(source), \(size)\(frames), "
                + "\(ByteCount.format(Int64(original.count))), as downloaded)"
        }
        let format = self.format ?? OutputFormat.matching(response.container.type)
        let data: Data
        do {
            data = try format.encoder(quality: quality).encode(response.image)
        } catch {
            throw CommandLineError("cannot encode as \(format.rawValue): \(error)")
        }
        let file = try directory.write(
            data,
            name: image.baseName,
            fileExtension: format.fileExtension,
            claimed: &claimed
        )
        return "\(image.argument) → \(file.path) (\(source) → \(format.rawValue), \(size), "
            + "\(ByteCount.format(Int64(data.count))))"
    }

    private func summary(_ statistics: RunStatistics.Snapshot, failures: Int, elapsed: Duration) -> String {
        let saved = inputs.count - failures
        return "Saved \(saved) of \(inputs.count) in \(String(format: "%.2f", elapsed.seconds)) s: "
            + "\(statistics.requests) requests, \(statistics.transfers) downloads (\(ByteCount.format(statistics.bytes))), "
            + "\(statistics.coalescedRequests) coalesced; cache hits: memory \(statistics.memoryCacheHits), "
            + "HTTP \(statistics.httpCacheHits)"
            + (ProcessMemory.peakResidentBytes.map { "; peak memory \(ByteCount.format($0))." } ?? ".")
    }
}
