// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeCurl

extension CurlPlugin {
    /// The version of the libcurl loaded at run time and its TLS library, such as
    /// `"7.88.1 (OpenSSL/3.0.17)"`.
    public static var libraryVersion: String {
        // "libcurl/7.88.1 OpenSSL/3.0.17 zlib/1.2.13 …": the first two components.
        let components = String(cString: curl_version()).split(separator: " ")
        let version = components.first.map { String($0.split(separator: "/").last ?? $0) } ?? "unknown"
        return components.count > 1 ? "\(version) (\(components[1]))" : version
    }
}
