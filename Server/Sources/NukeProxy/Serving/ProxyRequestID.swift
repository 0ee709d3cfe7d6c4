// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import HTTPTypes

/// The id every image response carries in `X-Request-ID` (imgproxy's header) and its log line and
/// span hold: the one the request came with — from a load balancer, say — when it is 1 to 128
/// letters, digits, `-`, `_` or `.`; else the server's own id of the request.
public enum ProxyRequestID {
    /// `X-Request-ID`.
    public static var headerName: HTTPField.Name { HTTPField.Name("X-Request-ID")! }

    /// The id of a request that came with `headers`, `serverID` when it brought none that may be
    /// used.
    public static func id(in headers: HTTPFields, otherwise serverID: String) -> String {
        if let given = headers[headerName], (1...128).contains(given.utf8.count),
            given.utf8.allSatisfy({ byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            })
        {
            return given
        }
        return serverID
    }
}
