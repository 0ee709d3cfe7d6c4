// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// An address to listen on written as imgproxy writes it: `host:port`, `[v6 address]:port`, or
/// `:port` for every address.
struct BindAddress: Hashable, Sendable, CustomStringConvertible {
    /// The host name or address (`0.0.0.0` for every address).
    var host: String
    /// The port (0: one the system picks).
    var port: Int

    /// Reads `text`; `nil` when it is not `host:port` with a port from 0 to 65535.
    init?(parsing text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65535).contains(port)
        else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.contains(where: { $0.isWhitespace || $0 == "/" }) else { return nil }
        self.host = host.isEmpty ? "0.0.0.0" : host
        self.port = port
    }

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Where a client on this machine reaches a server listening here: loopback for a wildcard.
    var reachable: BindAddress {
        switch host {
        case "0.0.0.0": BindAddress(host: "127.0.0.1", port: port)
        case "::": BindAddress(host: "::1", port: port)
        default: self
        }
    }

    var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
