// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeAVIF
import NukeCore
import NukeJPEG
import NukeJXL
import NukePNG
import NukeProcessors
import NukeWebP

/// What each result format and setting costs and gives on real photos, as nuke-server encodes
/// results: per width, the thread CPU time of one encode (median of three), the bytes, and
/// SSIMULACRA2 against the resized photo (PyPI's `ssimulacra2`, scored in one Python process:
/// `Benchmarks/quality/ssimulacra2-pairs.py`), each beside WebP q80, the proxy's negotiated
/// format until now. JPEG q80 is the reference quality.
///
/// Photos: the JPEGs under `NUKE_PHOTOS` (colon-separated folders; default the wallpaper
/// packages' `/usr/share/backgrounds:/usr/share/wallpapers`), `NUKE_FORMAT_PHOTOS` of them
/// (default 8) spread over the sorted list. The scorer: `NUKE_SSIMULACRA2_PYTHON` (default
/// `~/.cache/nuke-quality/bin/python`, a virtual environment with `pip install ssimulacra2`).
enum FormatBenchmarks {
    struct Setting: Sendable {
        var name: String
        var encoder: any ImageEncoding
    }

    static let widths = [320, 640, 1280]

    static let settings: [Setting] =
        [
            Setting(name: "JPEG q80", encoder: JPEGEncoder(quality: 0.8)),
            Setting(name: "WebP q80", encoder: WebPEncoder(mode: .lossy(quality: 0.8))),
        ]
        + [1, 2, 3, 4, 5, 7].map { effort in
            Setting(
                name: "JPEG XL q80 e\(effort)",
                encoder: JXLEncoder(mode: .lossy(distance: JXLEncoder.distance(forQuality: 80)), effort: effort)
            )
        }
        + [55, 60, 65, 70, 75].map { quality in
            Setting(
                name: "JPEG XL q\(quality) e4",
                encoder: JXLEncoder(mode: .lossy(distance: JXLEncoder.distance(forQuality: quality)), effort: 4)
            )
        }

    struct Row {
        var cpu: [Double] = []
        var bytes = 0
        var scores: [Double] = []
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
            "Result formats over \(photos.count) photos; CPU per encode (median of 3, this thread), bytes, SSIMULACRA2"
        )

        var registry = PluginRegistry()
        registry.install(JPEGPlugin())
        registry.install(PNGPlugin())
        registry.install(WebPPlugin())
        registry.install(JXLPlugin())
        registry.install(AVIFPlugin())
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
                for (settingIndex, setting) in settings.enumerated() {
                    var times: [Double] = []
                    var encoded = Data()
                    for _ in 0..<3 {
                        let start = threadCPUSeconds()
                        encoded = try setting.encoder.encode(image)
                        times.append(threadCPUSeconds() - start)
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
            let webpCPU = webp.cpu.reduce(0, +)
            print("\n  width \(width) px          CPU ms/encode   × WebP    bytes/photo  × WebP   SSIMULACRA2")
            for setting in settings {
                guard let row = table[setting.name] else { continue }
                let cpu = row.cpu.reduce(0, +)
                let score =
                    row.scores.isEmpty
                    ? "-" : String(format: "%.1f", row.scores.reduce(0, +) / Double(row.scores.count))
                print(
                    String(
                        format: "  %-22@ %9.2f   %6.2f×   %10d   %6.2f×   %@",
                        setting.name as NSString,
                        cpu / Double(row.cpu.count),
                        cpu / webpCPU,
                        row.bytes / photos.count,
                        Double(row.bytes) / Double(webp.bytes),
                        score as NSString
                    )
                )
            }
        }
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

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
