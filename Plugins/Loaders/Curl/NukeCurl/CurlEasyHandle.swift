// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeCurl

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// A libcurl easy handle with typed setters for the options NukeCurl uses.
///
/// Confined to the engine's thread, as libcurl requires (a handle is never used by two threads at
/// once). Every `curl_easy_setopt`/`curl_easy_getinfo` goes through the typed C shims.
final class CurlEasyHandle {
    let raw: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?

    /// Creates a handle; `nil` if libcurl is out of memory.
    init?() {
        guard let raw = curl_easy_init() else { return nil }
        self.raw = raw
    }

    deinit {
        curl_easy_cleanup(raw)
        curl_slist_free_all(headerList)
    }

    // MARK: Options

    /// Sets an option whose value is a `long` (flags, counts, milliseconds).
    func set(_ option: CURLoption, _ value: Int) {
        check(nuke_curl_easy_set_long(raw, option, value), option)
    }

    /// Sets an option whose value is a `curl_off_t` (sizes).
    func set(_ option: CURLoption, size value: Int64) {
        check(nuke_curl_easy_set_off_t(raw, option, curl_off_t(value)), option)
    }

    /// Sets an option whose value is a string; libcurl keeps its own copy.
    func set(_ option: CURLoption, _ value: String) {
        check(nuke_curl_easy_set_string(raw, option, value), option)
    }

    /// Sets an option whose value is a string, returning libcurl's result (for options that must
    /// not be dropped when a build lacks them).
    func setReporting(_ option: CURLoption, _ value: String) -> CURLcode {
        nuke_curl_easy_set_string(raw, option, value)
    }

    /// Sets an option whose value is a context pointer passed to callbacks.
    func set(_ option: CURLoption, context: UnsafeMutableRawPointer) {
        check(nuke_curl_easy_set_pointer(raw, option, context), option)
    }

    /// Sets the write or header callback.
    func set(_ option: CURLoption, callback: nuke_curl_data_callback) {
        check(nuke_curl_easy_set_data_callback(raw, option, callback), option)
    }

    /// Sets the request body; libcurl copies it (`CURLOPT_COPYPOSTFIELDS` after its size), so
    /// the body is read in place, never copied here.
    func setBody(_ body: Data) {
        set(CURLOPT_POSTFIELDSIZE_LARGE, size: Int64(body.count))
        guard !body.isEmpty else {
            set(CURLOPT_COPYPOSTFIELDS, "")  // A valid pointer for an empty body.
            return
        }
        body.withUnsafeBytes { bytes in
            set(CURLOPT_COPYPOSTFIELDS, context: UnsafeMutableRawPointer(mutating: bytes.baseAddress!))
        }
    }

    /// Sets the callback that opens every socket the handle connects with.
    func setOpenSocketCallback(_ callback: curl_opensocket_callback) {
        check(nuke_curl_easy_set_opensocket_callback(raw, callback), CURLOPT_OPENSOCKETFUNCTION)
    }

    /// Sets the request's header lines (`Name: value`); the list lives as long as the handle.
    func setHeaders(_ lines: [String]) {
        curl_slist_free_all(headerList)
        headerList = nil
        for line in lines {
            headerList = curl_slist_append(headerList, line)
        }
        check(nuke_curl_easy_set_list(raw, CURLOPT_HTTPHEADER, headerList), CURLOPT_HTTPHEADER)
    }

    // MARK: Information

    /// Reads a `long` piece of information; 0 if unavailable.
    func info(_ info: CURLINFO) -> Int {
        var value = 0
        return nuke_curl_easy_get_long(raw, info, &value) == CURLE_OK ? value : 0
    }

    /// Reads a `curl_off_t` piece of information; -1 if unavailable.
    func sizeInfo(_ info: CURLINFO) -> Int64 {
        var value: curl_off_t = -1
        return nuke_curl_easy_get_off_t(raw, info, &value) == CURLE_OK ? Int64(value) : -1
    }

    /// Reads a string piece of information.
    func stringInfo(_ info: CURLINFO) -> String? {
        var value: UnsafePointer<CChar>?
        guard nuke_curl_easy_get_string(raw, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// An option libcurl rejects is a programming error here (every option used exists in the
    /// oldest libcurl the module map accepts), except for features a build may lack.
    private func check(_ code: CURLcode, _ option: CURLoption) {
        assert(
            code == CURLE_OK || code == CURLE_NOT_BUILT_IN || code == CURLE_UNKNOWN_OPTION,
            "curl_easy_setopt(\(option.rawValue)) failed: \(String(cString: curl_easy_strerror(code)))"
        )
    }
}
