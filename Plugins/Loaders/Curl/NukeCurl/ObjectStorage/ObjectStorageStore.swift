// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Dispatch
internal import NukeRemoteCaching
internal import Synchronization

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// One write of an object-storage cache.
enum ObjectStorageWrite: WriteBehindCommand {
    /// `PUT` of a framed value.
    case put(name: String, frame: Data)
    /// `DELETE`.
    case delete(name: String)

    var size: Int {
        switch self {
        case .put(let name, let frame): name.utf8.count + frame.count
        case .delete(let name): name.utf8.count
        }
    }
}

/// An S3-compatible bucket as a ``WriteBehindStore``: a batch's writes (of different keys) sent
/// at once, removals of a prefix by listing and deleting.
struct ObjectStorageStore: WriteBehindStore {
    let client: ObjectStorageClient

    var batchLimits: (bytes: Int, count: Int, distinctKeys: Bool) {
        (32 << 20, max(1, client.configuration.concurrentWrites), true)
    }

    func perform(_ writes: [(key: [UInt8], command: ObjectStorageWrite)]) {
        let done = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: writes.count) { index in
            if send(writes[index].command) { done.withLock { $0 += 1 } }
        }
        let stored = done.withLock { $0 }
        client.statistics.withLock {
            $0.writes += stored
            $0.droppedWrites += writes.count - stored
        }
    }

    /// Whether the store carried `write` out (a `DELETE` of an absent object counts).
    private func send(_ write: ObjectStorageWrite) -> Bool {
        let timeout = client.configuration.writeTimeout
        switch write {
        case .put(let name, let frame):
            guard let url = client.url(ofObject: name),
                case .answered(let status, _) = client.send("PUT", to: url, body: frame, timeout: timeout)
            else { return false }
            return (200..<300).contains(status)
        case .delete(let name):
            guard let url = client.url(ofObject: name),
                case .answered(let status, _) = client.send("DELETE", to: url, timeout: timeout)
            else { return false }
            return (200..<300).contains(status) || status == 404
        }
    }

    /// Lists the objects whose names start with `prefix`, a page at a time, and deletes them.
    func removeAll(prefix: [UInt8]) {
        let configuration = client.configuration
        var token: String?
        repeat {
            let query = ObjectListing.query(prefix: String(decoding: prefix, as: UTF8.self), after: token)
            guard let url = configuration.endpoint.url(bucket: configuration.bucket, query: query),
                case .answered(200, let body) = client.send("GET", to: url, timeout: configuration.writeTimeout),
                let page = ObjectListing(xml: body)
            else {
                client.statistics.withLock { $0.droppedWrites += 1 }
                return
            }
            for name in page.keys { _ = send(.delete(name: name)) }
            token = page.continuationToken
        } while token != nil
    }

    func writerDidStop() {}
}
