// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

/// What happened to one input of `nuke fetch`: the line printed for it and its entry in `--json`.
struct FetchedFile: Encodable, Sendable {
    /// `saved` or `failed`.
    enum Status: String, Encodable, Sendable {
        case saved
        case failed
    }

    /// The input as named.
    var input: String
    /// Its position among the inputs, from 1.
    var index: Int
    /// Whether it was saved.
    var status: Status
    /// The file written, or `-` for stdout.
    var output: String?
    /// Why it failed.
    var error: String?
    /// The format it was loaded in.
    var sourceFormat: String?
    /// The format written.
    var format: String?
    /// The size written, in pixels.
    var width: Int?
    /// The size written, in pixels.
    var height: Int?
    /// Frames in the file written.
    var frames: Int?
    /// Bytes written.
    var bytes: Int?
    /// `true` when the bytes are the source's own (metadata aside, with `--strip`).
    var asDownloaded: Bool?
    /// `true` when metadata was removed.
    var stripped: Bool?

    /// A failed input, named as given.
    static func failed(_ input: String, index: Int, error: String) -> FetchedFile {
        FetchedFile(input: input, index: index, status: .failed, error: error)
    }

    /// The line printed for a saved file: `a.jpg → out/a.webp (jpeg → webp, 320×240, 12.1 KB)`.
    var line: String {
        let source = sourceFormat ?? "image"
        let size = "\(width ?? 0)×\(height ?? 0)"
        let formats = asDownloaded == true ? source : "\(source) → \(format ?? source)"
        let frameCount = (frames ?? 1) > 1 ? ", \(frames ?? 1) frames" : ""
        let bytes = ByteCount.format(Int64(bytes ?? 0))
        let how =
            asDownloaded == true ? (stripped == true ? ", as downloaded, metadata stripped" : ", as downloaded") : ""
        return "\(input) → \(output ?? "-") (\(formats), \(size)\(frameCount), \(bytes)\(how))"
    }
}

/// The totals of a `nuke fetch` run: the summary line and the `summary` of `--json`.
struct FetchSummary: Encodable, Sendable {
    var inputs: Int
    var saved: Int
    var failed: Int
    var requests: Int
    var downloads: Int
    var notModified: Int
    var downloadedBytes: Int64
    var coalescedRequests: Int
    var memoryCacheHits: Int
    var httpCacheHits: Int
    var seconds: Double
    var peakMemoryBytes: Int64?

    /// Whether any input was remote (the network and HTTP-cache figures mean something).
    private var usedTheNetwork: Bool

    init(files: [FetchedFile], statistics: RunStatistics.Snapshot, elapsed: Duration) {
        usedTheNetwork = statistics.fetches > 0 || statistics.transfersStarted > 0
        inputs = files.count
        saved = files.filter { $0.status == .saved }.count
        failed = inputs - saved
        requests = statistics.requests
        downloads = statistics.downloads
        notModified = statistics.notModified
        downloadedBytes = statistics.bytes
        coalescedRequests = statistics.coalescedRequests
        memoryCacheHits = statistics.memoryCacheHits
        httpCacheHits = statistics.httpCacheHits
        seconds = elapsed.seconds
        peakMemoryBytes = ProcessMemory.peakResidentBytes
    }

    /// `Saved 3 of 4 files in 1.20 s: 4 requests, 3 downloads (1.2 MB), 1 not modified, …`.
    var line: String {
        var line = "Saved \(saved) of \(counted(inputs, "file")) in \(String(format: "%.2f", seconds)) s: "
        line += counted(requests, "request")
        if usedTheNetwork {
            line += ", \(counted(downloads, "download")) (\(ByteCount.format(downloadedBytes)))"
            if notModified > 0 { line += ", \(notModified) not modified" }
            line += ", \(coalescedRequests) coalesced; cache hits: memory \(memoryCacheHits), HTTP \(httpCacheHits)"
        } else if memoryCacheHits > 0 {
            line += "; cache hits: memory \(memoryCacheHits)"
        }
        return line + (peakMemoryBytes.map { "; peak memory \(ByteCount.format($0))." } ?? ".")
    }
}

/// The `--json` document: every input in order, then the totals.
struct FetchReport: Encodable {
    var files: [FetchedFile]
    var summary: FetchSummary
}
