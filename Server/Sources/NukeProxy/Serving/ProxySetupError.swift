// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Why an ``ImageProxy`` will not serve over a pipeline.
public enum ProxySetupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pipeline's loader for `scheme` (of type `loader`) does not refuse private, loopback
    /// and link-local addresses, and ``ProxyConfiguration/allowsPrivateAddresses`` is off: any
    /// URL could make the proxy fetch from its own machine, its network or the cloud metadata
    /// service.
    case loaderAllowsPrivateAddresses(scheme: String, loader: String)

    /// A sentence for the developer, with the two ways out.
    public var description: String {
        switch self {
        case let .loaderAllowsPrivateAddresses(scheme, loader):
            "the pipeline's \(scheme) loader (\(loader)) may connect to private, loopback and link-local addresses "
                + "(the cloud metadata address among them): give it AddressPolicy.publicInternetOnly "
                + "(ProxyConfiguration.originLoaderConfiguration does), or set "
                + "ProxyConfiguration.allowsPrivateAddresses knowingly"
        }
    }
}
