// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Testing

@testable import NukeCore

/// A download's buffering and size limit, as a value: table-style, chunk by chunk.
@Suite struct DownloadBufferTests {
    static let url = URL(string: "https://example.com/a.jpg")!

    static func response(status: Int = 200, length: Int64 = -1, resumable: Bool = false) -> DataResponse {
        let headers: HTTPHeaderFields = resumable ? ["Accept-Ranges": "bytes", "ETag": "\"v1\""] : [:]
        return DataResponse(url: url, statusCode: status, headers: headers, expectedContentLength: length)
    }

    static func bytes(_ count: Int, _ value: UInt8 = 1) -> Data { Data(repeating: value, count: count) }

    /// One download: its limit, its response, its chunks, and what the buffer must make of them.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var sizeLimit: Int?
        var response: DataResponse
        var chunks: [Int]
        /// The chunk (by index) the limit stops, `chunks.count` when none does; `-1` for the response.
        var stopsAt: Int
        var held: Int
        var expectedTotal: Int64
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "declared length, no limit",
            sizeLimit: nil,
            response: response(length: 30),
            chunks: [10, 10, 10],
            stopsAt: 3,
            held: 30,
            expectedTotal: 30
        ),
        Case(
            name: "declared length at the limit",
            sizeLimit: 30,
            response: response(length: 30),
            chunks: [10, 20],
            stopsAt: 2,
            held: 30,
            expectedTotal: 30
        ),
        Case(
            name: "declared length past the limit: stopped at the response",
            sizeLimit: 29,
            response: response(length: 30),
            chunks: [10],
            stopsAt: -1,
            held: 0,
            expectedTotal: 30
        ),
        Case(
            name: "unknown length past the limit: stopped before the chunk that passes it",
            sizeLimit: 25,
            response: response(),
            chunks: [10, 10, 10],
            stopsAt: 2,
            held: 20,
            expectedTotal: -1
        ),
        Case(
            name: "a server that sends more than it declared",
            sizeLimit: 30,
            response: response(length: 20),
            chunks: [20, 11],
            stopsAt: 1,
            held: 20,
            expectedTotal: 20
        ),
        Case(
            name: "a negative limit is 0",
            sizeLimit: -5,
            response: response(),
            chunks: [1],
            stopsAt: 0,
            held: 0,
            expectedTotal: -1
        ),
    ]

    @Test("Chunks are held up to the limit, never past it", arguments: cases)
    func limits(_ download: Case) {
        var buffer = DownloadBuffer(sizeLimit: download.sizeLimit)
        var stoppedAt = download.chunks.count
        do {
            try buffer.begin(with: download.response, firstChunkSize: download.chunks.first ?? 0)
            for (index, count) in download.chunks.enumerated() {
                stoppedAt = index
                try buffer.append(Self.bytes(count, UInt8(index + 1)))
            }
            stoppedAt = download.chunks.count
        } catch {
            if buffer.expectedTotal > Int64(buffer.sizeLimit ?? .max) { stoppedAt = -1 }  // At the response.
        }
        #expect(stoppedAt == download.stopsAt)
        #expect(buffer.data.count == download.held)
        #expect(buffer.expectedTotal == download.expectedTotal)
        let expected = download.chunks.prefix(max(0, download.stopsAt)).enumerated().reduce(into: Data()) {
            $0.append(Self.bytes($1.element, UInt8($1.offset + 1)))
        }
        #expect(buffer.data == expected)
    }

    @Test("A 206 continues the earlier attempt's bytes; a 200 starts over")
    func resuming() throws {
        let earlier = try #require(
            ResumableData(response: Self.response(length: 30, resumable: true), data: Self.bytes(10), expectedTotal: 30)
        )
        var continued = DownloadBuffer(sizeLimit: 30, resuming: earlier)
        #expect(continued.resumableData?.data == earlier.data)  // Nothing answered yet: kept.
        try continued.begin(with: Self.response(status: 206, length: 20), firstChunkSize: 20)
        try continued.append(Self.bytes(20, 2))
        #expect(continued.data == Self.bytes(10) + Self.bytes(20, 2))
        #expect(continued.expectedTotal == 30 && !continued.isPartial)

        var restarted = DownloadBuffer(sizeLimit: 30, resuming: earlier)
        try restarted.begin(with: Self.response(status: 200, length: 30), firstChunkSize: 30)
        try restarted.append(Self.bytes(30, 3))
        #expect(restarted.data == Self.bytes(30, 3))
    }

    @Test("An interrupted download is kept for a resume only when the server can resume it")
    func resumableData() throws {
        var resumable = DownloadBuffer(sizeLimit: nil)
        try resumable.begin(with: Self.response(length: 30, resumable: true), firstChunkSize: 10)
        try resumable.append(Self.bytes(10))
        #expect(resumable.isPartial)
        #expect(resumable.resumableData?.data == Self.bytes(10))
        #expect(resumable.resumableData?.validator == "\"v1\"")

        var plain = DownloadBuffer(sizeLimit: nil)
        try plain.begin(with: Self.response(length: 30), firstChunkSize: 10)
        try plain.append(Self.bytes(10))
        #expect(plain.resumableData == nil)

        try resumable.append(Self.bytes(20))
        #expect(!resumable.isPartial && resumable.resumableData == nil)  // Complete: nothing to resume.
    }

    @Test("Taking the data empties the buffer")
    func takeData() throws {
        var buffer = DownloadBuffer(sizeLimit: nil)
        try buffer.begin(with: Self.response(), firstChunkSize: 5)
        try buffer.append(Self.bytes(5))
        try buffer.append(Self.bytes(5, 2))
        #expect(buffer.takeData() == Self.bytes(5) + Self.bytes(5, 2))
        #expect(buffer.data.isEmpty)
    }
}
