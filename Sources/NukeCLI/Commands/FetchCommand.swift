// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import ArgumentParser
import Foundation
import Nuke

/// `nuke fetch`: loads images through the pipeline, processes them and writes them to a folder.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Load, process and save images.",
        discussion: """
            Inputs are URLs, files, directories (their images; with --recursive, their subfolders' \
            too) and '-' for an image on stdin; --input-file adds one input per line of a file \
            ('-': stdin). An image is written as downloaded when nothing changes its pixels and \
            the output format is its own; otherwise it is decoded, processed and re-encoded \
            (re-encoded files carry no metadata). An animation processed stays animated, every \
            frame processed, when written as WebP (the default for an animated GIF), GIF or \
            AVIF; other formats, and --first-frame, write its first frame.

            It never replaces a file that exists unless --overwrite is given, nor an input \
            unless --in-place is.

            Examples:
              nuke fetch https://example.com/a.jpg photo.png --size 512x512 \\
                  --format webp -o out
              nuke fetch photos -r --size '320x320^' -o thumbs \\
                  --name '{dir}/{name}-thumb.jpg'
              curl -s https://example.com/a.png | nuke fetch - --size 64 \\
                  --format jpg -o - > a.jpg
              nuke fetch . -r --size 1600 --in-place
            """
    )

    @Argument(help: "Image URLs (http, https, file, data), files, directories, or '-' for stdin.")
    var inputs: [String] = []

    @Option(name: [.customShort("i"), .long], help: "A file listing more inputs, one per line ('-': stdin).")
    var inputFile: String?

    @Flag(name: [.customShort("r"), .long], help: "Also take the images in the subfolders of directory inputs.")
    var recursive = false

    @Option(
        help: """
            Resize to a geometry, as ImageMagick writes it: 320 (width), x240 (height), 320x240 \
            (fit inside), 320x240^ (fill: cover the box), 320x240! (exactly), 320x240> (only \
            shrink), 320x240< (only enlarge).
            """
    )
    var size: SizeGeometry?

    @Option(help: "A processor chain, such as 'resize(width:320,height:240,crop:true)|circle'.")
    var processors: String?

    @Option(help: "Decode to at most this many pixels on the longer side (JPEG scales while decoding).")
    var thumbnail: Int?

    @Option(
        help: """
            The output format: jpeg (or jpg), png, webp, avif, jxl, gif, heic, tiff (or tif), bmp or ico (at most \
            256 px a side). Default: the extension --name ends with, else the source's own (for a GIF when \
            processed: webp if animated, else png; png for an icon).
            """
    )
    var format: OutputFormat?

    @Option(help: "The quality for jpeg, webp, avif and jxl, 1-100.")
    var quality: Int = 80

    @Flag(help: "Remove metadata (EXIF, XMP, ICC profiles, comments) from files written as downloaded.")
    var strip = false

    @Flag(help: "Write an animation's first frame only, as a still.")
    var firstFrame = false

    @Option(name: [.customShort("o"), .long], help: "The folder to write into, or '-' for stdout (one input only).")
    var output: String = "."

    @Flag(help: "Replace files that already exist where results are written (never an input: see --in-place).")
    var overwrite = false

    @Flag(help: "Replace input files with their results when a result is named like its input, as mogrify does.")
    var inPlace = false

    @Option(
        name: .customLong("name"),
        help: """
            How to name each file, inside the output folder: {name}, {ext}, {dir} (the subfolder \
            under a directory input), {index}, {width}, {height}.
            """
    )
    var nameTemplate: String = OutputNameTemplate.standard

    @Flag(help: "Print a JSON report on stdout instead of a line per file and a summary.")
    var json = false

    @OptionGroup var pipelineOptions: PipelineOptions

    func validate() throws {
        guard !inputs.isEmpty || inputFile != nil else {
            throw ValidationError("give at least one input or --input-file")
        }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be between 1 and 100") }
        if let thumbnail, thumbnail < 1 { throw ValidationError("--thumbnail must be at least 1 pixel") }
        if output == "-" && json { throw ValidationError("--json and '--output -' both want stdout; pick one") }
        if output == "-" && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError(
                "'--output -' would write image data to the terminal; redirect stdout to a file or a pipe"
            )
        }
    }

    func run() async throws {
        let start = ContinuousClock.now
        let plan = try makePlan()
        let images = try InputExpansion(recursive: recursive).expand(inputs, inputList: inputFile)
        guard output != "-" || images.count == 1 else {
            throw CommandLineError.usage("'--output -' writes one image to stdout; there are \(images.count) inputs")
        }
        let destination: FetchOutput.Destination =
            output == "-" ? .standardOutput : .directory(try OutputDirectory(path: output, rules: rules(for: images)))
        let pipeline = try pipelineOptions.makePipeline()
        let display = ProgressDisplay(
            total: images.count,
            statistics: pipeline.statistics,
            printsFileLines: !json,
            fileLinesToStandardError: output == "-"
        )
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                display.refresh()
            }
        }
        var writer = FetchOutput(plan: plan, destination: destination)
        let files = await load(images, with: pipeline, plan: plan, writer: &writer, display: display)
        ticker.cancel()
        display.finish()
        await pipeline.pipeline.flush()
        pipeline.flush()

        let summary = FetchSummary(
            files: files,
            statistics: pipeline.statistics.snapshot,
            elapsed: ContinuousClock.now - start
        )
        if json {
            Standard.output(FetchReport(files: files, summary: summary).json())
        } else if output == "-" {
            Standard.error(summary.line)
        } else {
            Standard.output(summary.line)
        }
        // A malformed URL among the inputs is still a wrong command line, after the rest ran.
        let hasUsageError = images.contains {
            if case .failure(let input) = $0 { input.reason.isUsageError } else { false }
        }
        if hasUsageError { throw ExitCode(ExitStatus.usage.rawValue) }
        if summary.failed > 0 { throw ExitCode.failure }
    }

    /// What the output folder may replace: `--overwrite`, `--in-place`, and the local inputs.
    private func rules(for images: [Result<ImageInput, UnusableInput>]) -> OutputDirectory.ReplacementRules {
        var rules = OutputDirectory.ReplacementRules(replacesExistingFiles: overwrite, replacesInputs: inPlace)
        for case .success(let image) in images {
            if let identity = image.fileIdentity { rules.inputs[identity] = image.argument }
        }
        return rules
    }

    /// Loads every input, writes each as it finishes, and returns the outcomes in input order; an
    /// unusable input is reported at once, in its place.
    private func load(
        _ images: [Result<ImageInput, UnusableInput>],
        with pipeline: CommandLinePipeline,
        plan: FetchPlan,
        writer: inout FetchOutput,
        display: ProgressDisplay
    ) async -> [FetchedFile] {
        var files: [FetchedFile] = []
        await withTaskGroup(of: (Int, ImageInput, Result<FetchOutput.Encoded, any Error>).self) { group in
            for (offset, input) in images.enumerated() {
                let image: ImageInput
                switch input {
                case .success(let usable):
                    image = usable
                case .failure(let unusable):
                    files.append(.failed(unusable.argument, index: offset + 1, error: unusable.description))
                    display.fileFailed(unusable.description)
                    continue
                }
                var request = image.request(processors: plan.processors)
                request.thumbnail = plan.thumbnail.map { ThumbnailOptions(maxPixelSize: Double($0)) }
                group.addTask {
                    let loaded: Result<FetchOutput.Loaded, ImagePipeline.Error>
                    if plan.mayKeepOriginal {
                        loaded = await pipeline.original(image).map {
                            FetchOutput.Loaded(response: $0.response, original: $0.data)
                        }
                    } else {
                        loaded = await pipeline.result(for: request, isRemote: image.isRemote).map {
                            FetchOutput.Loaded(response: $0, original: nil)
                        }
                    }
                    // Encoding is CPU work: on the pipeline's worker threads, not the cooperative pool.
                    let encoded = await withTaskExecutorPreference(ImagePipeline.WorkerPool.shared) {
                        Result<FetchOutput.Encoded, any Error> { try FetchOutput.encode(try loaded.get(), plan: plan) }
                    }
                    return (offset + 1, image, encoded)
                }
            }
            for await (index, image, result) in group {
                let encoded: FetchOutput.Encoded
                do {
                    encoded = try result.get()
                } catch {
                    files.append(.failed(image.argument, index: index, error: "\(error)"))
                    display.fileFailed("cannot fetch \(image.argument): \(error)")
                    continue
                }
                do {
                    let file = try writer.write(encoded, of: image, index: index)
                    files.append(file)
                    display.fileFinished(file.line)
                } catch {
                    files.append(.failed(image.argument, index: index, error: "\(error)"))
                    display.fileFailed("\(image.argument): \(error)")
                }
            }
        }
        return files.sorted { $0.index < $1.index }
    }

    private func makePlan() throws(CommandLineError) -> FetchPlan {
        let template = try OutputNameTemplate(nameTemplate)
        var format = self.format
        if let literal = template.literalExtension {
            guard let named = OutputFormat(name: literal) else {
                throw .usage(
                    "bad --name '\(nameTemplate)': .\(literal) is not a format nuke writes (jpg, png, webp, avif, jxl, gif, heic, tiff, bmp, ico)"
                )
            }
            if let format, format != named {
                throw .usage("--name writes .\(literal) files but --format is \(format.rawValue)")
            }
            format = named
        }
        var chain: [any ImageProcessing] = size.map { [GeometryResize(geometry: $0)] } ?? []
        chain += try parsedProcessors()
        return FetchPlan(
            processors: chain,
            thumbnail: thumbnail,
            format: format,
            quality: quality,
            strip: strip,
            firstFrame: firstFrame,
            nameTemplate: template
        )
    }

    private func parsedProcessors() throws(CommandLineError) -> [any ImageProcessing] {
        guard let processors else { return [] }
        do {
            return try PluginRegistry.defaultPlugins.processors(fromSpec: processors)
        } catch {
            // The spec error's first line; the lines after it point at the offset with a caret.
            let reason = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
            throw .usage("bad --processors '\(processors)': \(reason)")
        }
    }
}
