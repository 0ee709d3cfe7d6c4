// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke

/// Wraps the network loader to count transfers (started and completed) and bytes for ``RunStatistics``. Sits under the
/// HTTP cache, so it sees only what actually crosses the network.
struct MeteredDataLoader: DataLoading {
    let loader: any DataLoading
    let statistics: RunStatistics

    func loadData(
        with request: DataRequest,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        let statistics = statistics
        statistics.recordTransferStarted()
        return loader.loadData(
            with: request,
            didReceiveData: { data, response in
                // A 304 arrives as one empty chunk (the loader contract).
                if response.statusCode == 304 { statistics.recordNotModified() }
                statistics.recordBytes(data.count)
                didReceiveData(data, response)
            },
            completion: { error in
                if error == nil { statistics.recordTransfer() }
                completion(error)
            }
        )
    }
}
