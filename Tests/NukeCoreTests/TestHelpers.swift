// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Synchronization
import Testing

@testable import NukeCore

extension ImagePipeline.Error {
    /// The case name, for comparisons in tests.
    var caseName: String {
        switch self {
        case .dataMissingInCache: "dataMissingInCache"
        case .dataLoadingFailed: "dataLoadingFailed"
        case .dataIsEmpty: "dataIsEmpty"
        case .dataLoaderNotRegistered: "dataLoaderNotRegistered"
        case .decoderNotRegistered: "decoderNotRegistered"
        case .decodingFailed: "decodingFailed"
        case .processingFailed: "processingFailed"
        case .imageRequestMissing: "imageRequestMissing"
        case .pipelineInvalidated: "pipelineInvalidated"
        case .dataDownloadExceededMaximumSize: "dataDownloadExceededMaximumSize"
        case .cancelled: "cancelled"
        }
    }
}

/// Awaits a task and returns its error, or records a failure if it succeeded.
func expectFailure(_ task: ImageTask, sourceLocation: SourceLocation = #_sourceLocation) async -> ImagePipeline.Error? {
    do {
        _ = try await task.response
        Issue.record("expected the task to fail", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}
