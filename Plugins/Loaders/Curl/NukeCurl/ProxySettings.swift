// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Which proxy a transfer goes through.
public enum ProxySettings: Hashable, Sendable {
    /// The standard variables, as curl reads them: `http_proxy` (lower case only) for `http`,
    /// `https_proxy`/`HTTPS_PROXY` for `https`, else `all_proxy`/`ALL_PROXY`; hosts listed in
    /// `no_proxy`/`NO_PROXY` go direct.
    case environment([String: String])
    /// No proxy, whatever the environment says.
    case none
    /// This proxy (`http://host:port`, `socks5://…`), except for the hosts in `bypass`
    /// (a `no_proxy`-style list).
    case proxy(String, bypass: String? = nil)

    /// The process's environment.
    public static var fromEnvironment: ProxySettings {
        .environment(ProcessInfo.processInfo.environment)
    }

    /// The proxy for a URL scheme (`http`, `https`); empty for none.
    public func resolvedProxy(forScheme scheme: String) -> String {
        resolve(forScheme: scheme).proxy
    }

    /// The proxy URL and bypass list for a URL scheme; an empty proxy means none.
    func resolve(forScheme scheme: String) -> (proxy: String, bypass: String?) {
        switch self {
        case .none:
            return ("", nil)
        case let .proxy(url, bypass):
            return (url, bypass)
        case .environment(let variables):
            func value(_ names: String...) -> String? {
                names.lazy.compactMap { variables[$0] }.first { !$0.isEmpty }
            }
            let proxy =
                switch scheme.lowercased() {
                case "http": value("http_proxy") ?? value("all_proxy", "ALL_PROXY")
                case "https": value("https_proxy", "HTTPS_PROXY") ?? value("all_proxy", "ALL_PROXY")
                default: value("all_proxy", "ALL_PROXY")
                }
            return (proxy ?? "", value("no_proxy", "NO_PROXY"))
        }
    }
}
