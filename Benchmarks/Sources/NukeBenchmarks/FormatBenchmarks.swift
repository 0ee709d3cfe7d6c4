// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeAVIF
import NukeCore
import NukeHEIF
import NukeJPEG
import NukeJXL
import NukePNG
import NukeProcessors
import NukeWebP

/// What each result format and setting costs and gives on real photos, as nuke-server encodes
/// results: per width, the process's CPU time of one encode (median of three; SVT-AV1 and rav1e
/// work on threads of their own, which a thread clock misses), the bytes, and
/// SSIMULACRA2 against the resized photo (PyPI's `ssimulacra2`, scored in one Python process:
/// `Benchmarks/quality/ssimulacra2-pairs.py`), each beside WebP q80. JPEG q80 is the reference
/// quality: for each quality sweep, where it reaches JPEG q80's score, and what it costs there
/// beside WebP at the same score; the proxy's default qualities
/// (`ProxyConfiguration.defaultFormatQualities`) are read from those lines.
///
/// Photos: the JPEGs under `NUKE_PHOTOS` (colon-separated folders; default the wallpaper
/// packages' `/usr/share/backgrounds:/usr/share/wallpapers`), `NUKE_FORMAT_PHOTOS` of them
/// (default 8) spread over the sorted list. The scorer: `NUKE_SSIMULACRA2_PYTHON` (default
/// `~/.cache/nuke-quality/bin/python`, a virtual environment with `pip install ssimulacra2`).
enum FormatBenchmarks {
    struct Setting: Sendable {
        var name: String
        /// The quality sweep this setting belongs to, compared at equal score; `nil` for one-offs.
        var family: String?
        var quality: Int
        var encoder: any ImageEncoding
    }

    /// The widths: 320, 640 and 1280 px, or `NUKE_FORMAT_WIDTHS` (comma-separated).
    static let widths =
        ProcessInfo.processInfo.environment["NUKE_FORMAT_WIDTHS"].map {
            $0.split(separator: ",").compactMap { Int($0) }
        }
        ?? [320, 640, 1280]
    static let reference = "JPEG q80"
    static let baseline = "WebP"

    static let settings: [Setting] =
        [Setting(name: reference, family: nil, quality: 80, encoder: JPEGEncoder(quality: 0.8))]
        + [60, 65, 70, 75, 80, 85, 90].map { quality in
            Setting(
                name: "WebP q\(quality)",
                family: baseline,
                quality: quality,
                encoder: WebPEncoder(mode: .lossy(quality: Double(quality) / 100))
            )
        }
        + [60, 65, 70, 75, 77, 80, 85].map { jxl(quality: $0, effort: 4, family: "JPEG XL e4") }
        + [50, 55, 60, 65, 70, 75, 80].map { jxl(quality: $0, effort: 5, family: "JPEG XL e5") }
        + [jxl(quality: 80, effort: 7, family: nil)]
        + avifCodecs.flatMap { codec, speed in
            (codec == .aom && speed >= 8 ? [30, 40, 50, 60, 70, 80, 85] : [30, 40, 50, 60, 70]).map { quality in
                Setting(
                    name: "AVIF \(codec.rawValue) s\(speed) q\(quality)",
                    family: "AVIF \(codec.rawValue) s\(speed)",
                    quality: quality,
                    encoder: AVIFEncoder(mode: .lossy(quality: Double(quality) / 100), speed: speed, codec: codec)
                )
            }
        }
        + (HEICEncoder.isAvailable ? [30, 40, 50, 60, 70].map(heic) : [])

    /// A JPEG XL setting: cjxl's distance for `quality`, at `effort`.
    static func jxl(quality: Int, effort: Int, family: String?) -> Setting {
        Setting(
            name: "JPEG XL q\(quality) e\(effort)",
            family: family,
            quality: quality,
            encoder: JXLEncoder(mode: .lossy(distance: JXLEncoder.distance(forQuality: quality)), effort: effort)
        )
    }

    /// A HEIC setting: x265 at the proxy's preset.
    static func heic(quality: Int) -> Setting {
        Setting(
            name: "HEIC x265 fast q\(quality)",
            family: "HEIC fast",
            quality: quality,
            encoder: HEICEncoder(quality: Double(quality) / 100, preset: .fast)
        )
    }

    /// The AV1 encoders and speeds swept: libaom at its fastest, the proxy's speed and slower
    /// (with qualities up to 85 in real-time mode, whose scores rise slowly), SVT-AV1 and rav1e at
    /// their fastest presets and one slower.
    static let avifCodecs: [(AVIFEncoder.Codec, Int)] = [
        (.aom, 10), (.aom, 8), (.aom, 6), (.svt, 10), (.svt, 8), (.rav1e, 10), (.rav1e, 8),
    ].filter { $0.0.isAvailable }

    /// The settings measured: all, or with `NUKE_FORMAT_FAMILIES` (comma-separated prefixes of
    /// sweep names, such as `AVIF aom,HEIC`), the reference, WebP's sweep and those.
    static let measured: [Setting] = {
        guard let filter = ProcessInfo.processInfo.environment["NUKE_FORMAT_FAMILIES"] else { return settings }
        let prefixes = filter.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return settings.filter { setting in
            guard let family = setting.family else { return setting.name == reference }
            return family == baseline || prefixes.contains { family.hasPrefix($0) }
        }
    }()

    struct Row {
        var cpu: [Double] = []
        var bytes = 0
        var scores: [Double] = []

        var meanCPU: Double { cpu.reduce(0, +) / Double(max(cpu.count, 1)) }
        var meanScore: Double? { scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count) }
    }

    static func run() async throws {
        let photos = Self.photos()
        guard !photos.isEmpty else {
            print("formats: skipped (no JPEGs; apt-get install ukui-wallpapers gnome-backgrounds, or set NUKE_PHOTOS)")
            return
        }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        let python =
            ProcessInfo.processInfo.environment["NUKE_SSIMULACRA2_PYTHON"] ?? home + "/.cache/nuke-quality/bin/python"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nuke-formats-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        print(
            "Result formats over \(photos.count) photos; CPU per encode (median of 3, the process), bytes, SSIMULACRA2"
        )

        var registry = PluginRegistry()
        registry.install(JPEGPlugin())
        registry.install(PNGPlugin())
        registry.install(WebPPlugin())
        registry.install(JXLPlugin())
        registry.install(AVIFPlugin())
        registry.install(HEIFPlugin())
        let pipeline = ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
            $0.httpCache = nil
        }
        var rows: [Int: [String: Row]] = [:]
        var pairs: [(width: Int, setting: String, reference: String, distorted: String)] = []
        for (index, photo) in photos.enumerated() {
            for width in widths {
                let request = ImageRequest(
                    url: URL(fileURLWithPath: photo),
                    processors: [.resize(width: CGFloat(width), upscale: false)]
                )
                let image = try await pipeline.image(for: request)
                let reference = directory.appendingPathComponent("\(index)-\(width).png").path
                try PNGEncoder().encode(image).write(to: URL(fileURLWithPath: reference))
                for (settingIndex, setting) in measured.enumerated() {
                    var times: [Double] = []
                    var encoded = Data()
                    for _ in 0..<3 {
                        let start = processCPUSeconds()
                        encoded = try setting.encoder.encode(image)
                        times.append(processCPUSeconds() - start)
                    }
                    let data = encoded
                    let decoded = try await pipeline.image(for: ImageRequest(id: UUID().uuidString, data: { data }))
                    let distorted = directory.appendingPathComponent("\(index)-\(width)-\(settingIndex).png").path
                    try PNGEncoder().encode(decoded).write(to: URL(fileURLWithPath: distorted))
                    rows[width, default: [:]][setting.name, default: Row()].cpu.append(times.sorted()[1] * 1000)
                    rows[width, default: [:]][setting.name, default: Row()].bytes += data.count
                    pairs.append((width, setting.name, reference, distorted))
                }
            }
        }
        let scores = Self.scores(pairs.map { "\($0.reference) \($0.distorted)" }, python: python)
        if let scores {
            for (pair, score) in zip(pairs, scores) { rows[pair.width]?[pair.setting]?.scores.append(score) }
        } else {
            print(
                "  SSIMULACRA2: not scored (python3 -m venv ~/.cache/nuke-quality && ~/.cache/nuke-quality/bin/pip install ssimulacra2)"
            )
        }
        for width in widths {
            guard let table = rows[width], let webp = table["WebP q80"] else { continue }
            print("\n  width \(width) px          CPU ms/encode   × WebP    bytes/photo  × WebP   SSIMULACRA2")
            for setting in measured {
                guard let row = table[setting.name] else { continue }
                print(
                    String(
                        format: "  %@ %9.2f   %6.2f×   %10d   %6.2f×   %@",
                        setting.name.padding(toLength: 22, withPad: " ", startingAt: 0) as NSString,
                        row.meanCPU,
                        row.meanCPU / webp.meanCPU,
                        row.bytes / photos.count,
                        Double(row.bytes) / Double(webp.bytes),
                        (row.meanScore.map { String(format: "%.1f", $0) } ?? "-") as NSString
                    )
                )
            }
            printEqualScore(table, photos: photos.count)
        }
    }

    /// Where each quality sweep reaches the reference's score: the quality, CPU and bytes there
    /// (interpolated between the two settings around it, bytes geometrically), beside WebP's.
    static func printEqualScore(_ table: [String: Row], photos: Int) {
        guard let target = table[reference]?.meanScore else { return }
        let families = measured.compactMap(\.family).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let points = families.map { family in
            (family, Self.point(reaching: target, in: measured.filter { $0.family == family }, table))
        }
        guard let base = points.first(where: { $0.0 == baseline })?.1 else {
            print(String(format: "  at %@'s score %.1f: WebP is outside its sweep", reference, target))
            return
        }
        print(String(format: "  at %@'s score (%.1f):", reference, target))
        for (family, point) in points {
            guard let point else {
                print("    \(family): outside its sweep")
                continue
            }
            print(
                String(
                    format: "    %@ q%4.1f   %7.2f ms  %5.2f× WebP   %8.0f bytes/photo  %5.2f× WebP",
                    family.padding(toLength: 16, withPad: " ", startingAt: 0) as NSString,
                    point.quality,
                    point.cpu,
                    point.cpu / base.cpu,
                    point.bytes / Double(photos),
                    point.bytes / base.bytes
                )
            )
        }
    }

    /// The quality, CPU and bytes at which `sweep` (ascending quality) scores `target`.
    static func point(reaching target: Double, in sweep: [Setting], _ table: [String: Row]) -> (
        quality: Double, cpu: Double, bytes: Double
    )? {
        let measured = sweep.compactMap { setting in
            table[setting.name].flatMap { row in row.meanScore.map { (setting.quality, row, $0) } }
        }
        for (low, high) in zip(measured, measured.dropFirst()) where low.2 <= target && target <= high.2 {
            let fraction = high.2 == low.2 ? 0 : (target - low.2) / (high.2 - low.2)
            return (
                Double(low.0) + fraction * Double(high.0 - low.0),
                low.1.meanCPU + fraction * (high.1.meanCPU - low.1.meanCPU),
                Double(low.1.bytes) * pow(Double(high.1.bytes) / Double(low.1.bytes), fraction)
            )
        }
        return nil
    }

    /// The photos: `NUKE_FORMAT_PHOTOS` JPEGs spread over those found.
    static func photos() -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let folders = (environment["NUKE_PHOTOS"] ?? "/usr/share/backgrounds:/usr/share/wallpapers").split(
            separator: ":"
        )
        var found: [String] = []
        for folder in folders {
            guard let enumerator = FileManager.default.enumerator(atPath: String(folder)) else { continue }
            for case let path as String in enumerator
            where ["jpg", "jpeg"].contains((path as NSString).pathExtension.lowercased()) {
                found.append(String(folder) + "/" + path)
            }
        }
        found.sort()
        let count = min(found.count, Int(environment["NUKE_FORMAT_PHOTOS"] ?? "") ?? 8)
        guard count > 0 else { return [] }
        return (0..<count).map { found[$0 * found.count / count] }
    }

    /// Scores for `pairs` from the Python scorer, or `nil` when it cannot run.
    static func scores(_ pairs: [String], python: String) -> [Double]? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("quality/ssimulacra2-pairs.py").path
        guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        input.fileHandleForWriting.write(Data((pairs.joined(separator: "\n") + "\n").utf8))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let scores = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
        return process.terminationStatus == 0 && scores.count == pairs.count ? scores : nil
    }

    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
