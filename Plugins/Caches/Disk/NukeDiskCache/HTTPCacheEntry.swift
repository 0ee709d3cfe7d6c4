// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore
internal import NukeHTTP

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// A stored response: status, headers, when it was requested and received, and the request
/// header values its `Vary` names. Kept as JSON in the disk cache entry's metadata.
struct HTTPCacheEntry: Codable, Sendable {
    var url: String
    var statusCode: Int
    var headers: [[String]]
    var requestTime: Double
    var responseTime: Double
    /// For each header named by `Vary` (lower-cased), the request's value, or `nil` if absent.
    var varyingRequestHeaders: [String: String?]

    init(response: DataResponse, request: DataRequest, requestTime: Date, responseTime: Date) {
        url = (response.url ?? request.url).absoluteString
        statusCode = response.statusCode ?? 200
        headers = response.headers.map { [$0.name, $0.value] }
        self.requestTime = requestTime.timeIntervalSince1970
        self.responseTime = responseTime.timeIntervalSince1970
        varyingRequestHeaders = [:]
        for name in Self.varyingHeaderNames(in: response.headers) {
            varyingRequestHeaders[name] = request.headers[name]
        }
    }

    var headerFields: HTTPHeaderFields {
        var fields = HTTPHeaderFields()
        for pair in headers where pair.count == 2 { fields[pair[0]] = pair[1] }
        return fields
    }

    var cacheControl: CacheControl { CacheControl(headerFields["Cache-Control"]) }

    /// The response to deliver for this entry's stored body.
    func response(bodySize: Int) -> DataResponse {
        DataResponse(
            url: URL(string: url),
            statusCode: statusCode,
            headers: headerFields,
            expectedContentLength: Int64(bodySize)
        )
    }

    // MARK: Validation

    /// `true` if `request` sends the same values for every header the response varies on.
    func matchesVary(of request: DataRequest) -> Bool {
        varyingRequestHeaders.allSatisfy { name, value in request.headers[name] == value }
    }

    /// The headers that make a request conditional on this entry's validators: the entity tag
    /// when there is one, else the modification date. Not both: a server must ignore
    /// `If-Modified-Since` beside `If-None-Match` (RFC 9110 §13.1.3), and some do not — an object
    /// store answered 304 for an object replaced within the second of the old one's date.
    var validators: HTTPHeaderFields {
        var fields = HTTPHeaderFields()
        let headers = headerFields
        if let etag = headers["ETag"] {
            fields["If-None-Match"] = etag
        } else if let lastModified = headers["Last-Modified"] {
            fields["If-Modified-Since"] = lastModified
        }
        return fields
    }

    /// Takes the fields of a 304 into the stored headers (RFC 9111 §4.3.4) and restarts the age.
    mutating func refresh(with notModified: DataResponse, requestTime: Date, responseTime: Date) {
        var fields = headerFields
        let excluded: Set<String> = ["content-length", "content-encoding", "transfer-encoding", "content-range"]
        for (name, value) in notModified.headers where !excluded.contains(name.lowercased()) {
            fields[name] = value
        }
        headers = fields.map { [$0.name, $0.value] }
        self.requestTime = requestTime.timeIntervalSince1970
        self.responseTime = responseTime.timeIntervalSince1970
    }

    // MARK: Freshness (RFC 9111 §4.2)

    /// Whether the response is still fresh at `now`: its age is below its freshness lifetime.
    func isFresh(at now: Date) -> Bool {
        let headers = headerFields
        let date = headers["Date"].flatMap(HTTPDate.date(from:))?.timeIntervalSince1970 ?? responseTime
        return freshnessLifetime(headers, date: date) > currentAge(at: now, headers, date: date)
    }

    /// How long the response stays fresh after `date` (when it was generated), in seconds.
    private func freshnessLifetime(_ headers: HTTPHeaderFields, date: Double) -> Double {
        if let maxAge = CacheControl(headers["Cache-Control"]).maxAge { return Double(maxAge) }
        if let expiresValue = headers["Expires"] {
            // An invalid Expires, such as "0", means already expired.
            guard let expires = HTTPDate.date(from: expiresValue) else { return 0 }
            return max(0, expires.timeIntervalSince1970 - date)
        }
        if let lastModified = headers["Last-Modified"].flatMap(HTTPDate.date(from:)) {
            // The usual heuristic: a tenth of the time since the last change, at most a day.
            return min(86_400, max(0, (date - lastModified.timeIntervalSince1970) / 10))
        }
        return 0
    }

    /// The response's age at `now`, in seconds, counting `Age` and the time since it arrived.
    private func currentAge(at now: Date, _ headers: HTTPHeaderFields, date: Double) -> Double {
        let apparentAge = max(0, responseTime - date)
        let ageValue = headers["Age"].flatMap { Double($0.trimmingWhitespace()) } ?? 0
        let correctedAge = ageValue + (responseTime - requestTime)
        return max(apparentAge, correctedAge) + (now.timeIntervalSince1970 - responseTime)
    }

    // MARK: Storability (RFC 9111 §3)

    /// Whether a response to `request` may be stored: a complete `200` to a `GET`, with neither
    /// `no-store` nor `Vary: *`, and with freshness or a validator (else it could never be used).
    static func isStorable(_ response: DataResponse, for request: DataRequest) -> Bool {
        guard request.httpMethod.uppercased() == "GET", response.statusCode == 200,
            !CacheControl(response.headers["Cache-Control"]).noStore,
            !CacheControl(request.headers["Cache-Control"]).noStore,
            !varyingHeaderNames(in: response.headers).contains("*")
        else { return false }
        let headers = response.headers
        return headers["Cache-Control"] != nil || headers["Expires"] != nil || headers["ETag"] != nil
            || headers["Last-Modified"] != nil
    }

    private static func varyingHeaderNames(in headers: HTTPHeaderFields) -> [String] {
        (headers["Vary"] ?? "").split(separator: ",").map { String($0).trimmingWhitespace().lowercased() }
            .filter { !$0.isEmpty }
    }
}
