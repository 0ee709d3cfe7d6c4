// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation

extension URL {
    /// The URL as logs and traces may show it: scheme, host, port and path, without the user
    /// name, password, query and fragment, which may carry credentials or signed tokens
    /// (`X-Amz-Signature`, say).
    public var loggableDescription: String { Self.loggable(absoluteString).text }

    /// `text` as logs and traces may show it (see ``loggableDescription``), `…` when it is not a
    /// URL, and its host.
    public static func loggable(_ text: String) -> (text: String, host: String?) {
        guard let components = URLComponents(string: text) else { return ("…", nil) }
        var kept = URLComponents()
        kept.scheme = components.scheme
        kept.host = components.host
        kept.port = components.port
        kept.percentEncodedPath = components.percentEncodedPath
        return (kept.string ?? "…", components.host)
    }
}
