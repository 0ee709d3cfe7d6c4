// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeHTTP

@testable import NukeCore
@testable import NukeDiskCache

/// libFuzzer's entry point: the input as header values (one per line) through the HTTP parsers:
/// dates, `Cache-Control`, and the cache's and resumable downloads' reading of a response.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func line(_ index: Int) -> String? { index < lines.count ? lines[index] : nil }
    _ = HTTPDate.date(from: text)
    _ = CacheControl(text)
    var headers: HTTPHeaderFields = [:]
    for (index, name) in ["Cache-Control", "Date", "Expires", "Last-Modified", "ETag", "Age", "Vary"].enumerated() {
        headers[name] = line(index)
    }
    headers["Accept-Ranges"] = "bytes"
    let url = URL(string: "https://example.com/a.jpg")!
    let response = DataResponse(url: url, statusCode: 200, headers: headers, expectedContentLength: 100)
    let request = DataRequest(url: url, headers: ["Accept": line(7) ?? "*/*"])
    if HTTPCacheEntry.isStorable(response, for: request) {
        let entry = HTTPCacheEntry(response: response, request: request, requestTime: Date(), responseTime: Date())
        _ = entry.isFresh(at: Date())
        _ = entry.matchesVary(of: request)
        _ = entry.validators
    }
    _ = ResumableData(response: response, data: Data([1]), expectedTotal: 100)
    return 0
}
