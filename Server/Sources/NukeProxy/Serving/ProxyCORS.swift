// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import HTTPTypes

/// CORS for image routes, whichever server answers them: `Access-Control-Allow-Origin` on every
/// response — unlike CORS middleware that answers only requests carrying an `Origin` header, as
/// imgproxy's `IMGPROXY_ALLOW_ORIGIN` does: a CDN that cached a response fetched without `Origin`
/// must still serve it to a page's CORS request — and the preflight (`OPTIONS`) answered with
/// 204 and ``preflightHeaders(allowing:)``.
public enum ProxyCORS {
    /// The headers of the answer to a preflight.
    public static func preflightHeaders(allowing origin: String) -> HTTPFields {
        [
            .accessControlAllowOrigin: origin,
            .accessControlAllowMethods: "GET, HEAD, OPTIONS",
            .accessControlAllowHeaders: "Accept, If-None-Match",
            .accessControlMaxAge: "86400",
        ]
    }
}
