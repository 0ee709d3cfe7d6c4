// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation
public import Nuke
import Synchronization

/// Wraps the network loader to count what crosses the network from origins: transfers
/// (`nuke_server_origin_transfers_total`, including revalidations answered 304) and bytes
/// (`nuke_server_origin_bytes_total`), and, with a ``MemoryBudget``, the bytes each download
/// buffers against it until the download ends. Register it in place of the loader, under the
/// HTTP cache.
/// Everything else — redirect decisions, the address policy, shutting down — is the wrapped
/// loader's.
public struct MeteredOriginLoader: RedirectDecidingDataLoading, AddressPolicyReporting {
    /// The loader that does the work.
    public let loader: any DataLoading
    private let metrics: ProxyMetrics
    private let budget: MemoryBudget?

    /// Counts `loader`'s transfers into `metrics`, and its downloads' bytes against `budget`.
    public init(loader: any DataLoading, metrics: ProxyMetrics = ProxyMetrics(), budget: MemoryBudget? = nil) {
        self.loader = loader
        self.metrics = metrics
        self.budget = budget
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
        let (metrics, budget) = (metrics, budget)
        let buffered = Mutex(0)
        metrics.originTransferStarted()
        return loader.loadData(
            with: request,
            redirectDecision: redirectDecision,
            didReceiveData: { data, response in
                metrics.originBytes(data.count)
                if let budget {
                    buffered.withLock { $0 += data.count }
                    budget.charge(data.count)
                }
                didReceiveData(data, response)
            },
            completion: { error in
                // The pipeline holds the data from here on: a decode's admission counts it.
                budget?.release(buffered.withLock { $0 })
                completion(error)
            }
        )
    }

    /// Shuts the wrapped loader down.
    public func shutdown() async {
        await loader.shutdown()
    }
}

extension PluginRegistry {
    /// Registers `loader`, counted into `metrics` (and its downloads against `budget`) by a
    /// ``MeteredOriginLoader``, as the loader for `schemes` under `id`: by default for `http` and
    /// `https` in place of the default curl loader; `"nuke.object-storage.loader"` for `["s3"]`
    /// registers an `ObjectStorageDataLoader`.
    public mutating func registerMeteredOriginLoader(
        _ loader: any DataLoading,
        metrics: ProxyMetrics,
        budget: MemoryBudget? = nil,
        id: PluginID = "nuke.curl.loader",
        for schemes: Set<String> = ["http", "https"]
    ) {
        register(
            Capabilities.Loading.self,
            id: id,
            for: schemes,
            MeteredOriginLoader(loader: loader, metrics: metrics, budget: budget)
        )
    }
}
