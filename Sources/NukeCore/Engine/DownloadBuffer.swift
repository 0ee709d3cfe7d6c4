// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// A download's bytes as they arrive, held to a size limit, continuing an interrupted download
/// when the server confirms its validator. A value: ``FetchOriginalDataJob`` owns one per
/// transfer; it never calls anything.
struct DownloadBuffer {
    /// The download has more bytes than the limit (declared, or received).
    struct TooLarge: Error, Equatable {}

    /// The bytes so far.
    private(set) var data = Data()
    /// The response of the first chunk; `nil` until the server answered.
    private(set) var response: DataResponse?
    /// The full length: the declared length plus resumed bytes; -1 while unknown.
    private(set) var expectedTotal: Int64 = -1
    /// The most bytes the download may have; `nil` for no limit.
    let sizeLimit: Int?
    /// The bytes of an earlier attempt, until the server answers.
    private var resumed: ResumableData?
    /// The room reserved in `data`: grown by doubling, never past the limit.
    private var capacity = 0

    /// A buffer for a download of at most `sizeLimit` bytes (negative: 0), continuing `resumed`.
    init(sizeLimit: Int?, resuming resumed: ResumableData? = nil) {
        self.sizeLimit = sizeLimit.map { max(0, $0) }
        self.resumed = resumed
    }

    /// Takes the first chunk's response: a `206` continues the resumed bytes, anything else
    /// starts over. Throws when the declared length passes the limit; otherwise reserves room
    /// for it.
    mutating func begin(with response: DataResponse, firstChunkSize: Int) throws(TooLarge) {
        if let resumed, response.statusCode == 206 {
            data = resumed.data  // The server confirmed the validator: continue.
        }
        resumed = nil
        self.response = response
        let length = response.expectedContentLength
        expectedTotal = length > 0 ? length + Int64(data.count) : -1
        if let sizeLimit, expectedTotal > Int64(sizeLimit) { throw TooLarge() }
        if expectedTotal > Int64(firstChunkSize) { reserve(Int(expectedTotal)) }
    }

    /// Appends a chunk, checked before appending so the buffer never holds (or grows towards)
    /// more than the limit.
    mutating func append(_ chunk: Data) throws(TooLarge) {
        if let sizeLimit, chunk.count > sizeLimit - data.count { throw TooLarge() }
        if data.isEmpty, expectedTotal <= Int64(chunk.count), chunk.startIndex == 0 {
            // The whole body in one chunk (a cache's answer, a small file), or the first of an
            // unknown number: kept as it came instead of copied into a buffer of its own (a
            // slice is copied, so the data handed on always starts at index 0).
            data = chunk
            capacity = chunk.count
        } else {
            if data.count + chunk.count > capacity {
                reserve(max(data.count + chunk.count, capacity.multipliedReportingOverflow(by: 2).partialValue))
            }
            data.append(chunk)
        }
    }

    /// Whether more bytes are declared than received (a partial value for progressive decoding).
    var isPartial: Bool { expectedTotal > 0 && Int64(data.count) < expectedTotal }

    /// What to keep for a later attempt when the download stops early: the earlier attempt's
    /// bytes if the server never answered, else what arrived if the server can resume it.
    var resumableData: ResumableData? {
        if let resumed, response == nil { return resumed }
        return ResumableData(response: response, data: data, expectedTotal: expectedTotal)
    }

    /// Hands the bytes over, leaving the buffer empty (one copy of the download, the caller's).
    mutating func takeData() -> Data {
        defer {
            data = Data()
            capacity = 0
        }
        return data
    }

    /// Makes room for `count` bytes in all, at most the size limit.
    private mutating func reserve(_ count: Int) {
        capacity = min(max(count, 0), sizeLimit ?? .max)
        data.reserveCapacity(capacity)
    }
}
