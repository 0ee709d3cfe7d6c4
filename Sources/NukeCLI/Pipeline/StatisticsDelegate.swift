// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke

/// Counts the fetches the pipeline starts for remote URLs: it asks its delegate for a loader
/// once per fetch, after the memory and disk caches and after coalescing.
final class StatisticsDelegate: ImagePipeline.Delegate {
    let statistics: RunStatistics

    init(statistics: RunStatistics) {
        self.statistics = statistics
    }

    func dataLoader(for request: ImageRequest, pipeline: ImagePipeline) -> (any DataLoading)? {
        statistics.recordFetch()
        return request.url.flatMap(pipeline.configuration.registry.dataLoader(for:))
    }
}
