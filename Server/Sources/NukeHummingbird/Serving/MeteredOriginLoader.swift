// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation
public import Nuke

/// Wraps the network loader to count what crosses the network from origins: transfers
/// (`nuke_server_origin_transfers_total`, including revalidations answered 304) and bytes
/// (`nuke_server_origin_bytes_total`). Register it in place of the loader, under the HTTP cache.
/// Everything else — redirect decisions, the address policy, shutting down — is the wrapped
/// loader's.
public struct MeteredOriginLoader: RedirectDecidingDataLoading, AddressPolicyReporting {
    /// The loader that does the work.
    public let loader: any DataLoading
    private let metrics: ProxyMetrics

    /// Counts `loader`'s transfers into `metrics`.
    public init(loader: any DataLoading, metrics: ProxyMetrics = ProxyMetrics()) {
        self.loader = loader
        self.metrics = metrics
    }

    /// The wrapped loader's address policy, if it reports one.
    public var addressPolicy: AddressPolicy? {
        (loader as? any AddressPolicyReporting)?.addressPolicy
    }

    /// Loads through the wrapped loader, which asks `redirectDecision` (if any) before following
    /// each redirect, counting bytes as they arrive.
    public func loadData(
        with request: DataRequest,
        redirectDecision: RedirectDecision?,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        let metrics = metrics
        metrics.originTransferStarted()
        return loader.loadData(
            with: request,
            redirectDecision: redirectDecision,
            didReceiveData: { data, response in
                metrics.originBytes(data.count)
                didReceiveData(data, response)
            },
            completion: completion
        )
    }

    /// Shuts the wrapped loader down.
    public func shutdown() async {
        await loader.shutdown()
    }
}

extension PluginRegistry {
    /// Registers `loader`, counted into `metrics` by a ``MeteredOriginLoader``, as the loader for
    /// `http` and `https` in place of the default curl loader.
    public mutating func registerMeteredOriginLoader(_ loader: any DataLoading, metrics: ProxyMetrics) {
        register(
            Capabilities.Loading.self,
            id: "nuke.curl.loader",
            for: ["http", "https"],
            MeteredOriginLoader(loader: loader, metrics: metrics)
        )
    }
}
