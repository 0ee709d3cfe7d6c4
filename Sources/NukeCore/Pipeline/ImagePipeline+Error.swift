// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImagePipeline {
    /// Why an image task failed.
    public enum Error: Swift.Error, Sendable, CustomStringConvertible {
        /// ``ImageRequest/Options-swift.struct/returnCacheDataDontLoad`` was set and no cache had the image.
        case dataMissingInCache
        /// The loader (or a `file:`/`data:` read, or ``Delegate/willLoadData(for:urlRequest:pipeline:)``) failed.
        case dataLoadingFailed(error: any Swift.Error)
        /// The source returned no bytes.
        case dataIsEmpty
        /// No loader is registered for the URL's scheme.
        case dataLoaderNotRegistered(scheme: String)
        /// No decoder accepted the data.
        case decoderNotRegistered(context: ImageDecodingContext)
        /// The decoder threw.
        case decodingFailed(decoder: any ImageDecoding, context: ImageDecodingContext, error: any Swift.Error)
        /// A processor threw or returned no image.
        case processingFailed(processor: any ImageProcessing, context: ImageProcessingContext, error: any Swift.Error)
        /// The task had no request (kept for Nuke compatibility).
        case imageRequestMissing
        /// ``ImagePipeline/invalidate()`` was called.
        case pipelineInvalidated
        /// The response is larger than ``Configuration/maximumResponseDataSize``.
        case dataDownloadExceededMaximumSize
        /// The task was cancelled.
        case cancelled

        /// The loading error, when the failure was one.
        public var dataLoadingError: (any Swift.Error)? {
            if case .dataLoadingFailed(let error) = self { error } else { nil }
        }

        /// The error inside the failure: the loader's, the decoder's or the processor's; `nil` for
        /// failures that carry none.
        public var underlyingError: (any Swift.Error)? {
            switch self {
            case .dataLoadingFailed(let error), .decodingFailed(_, _, let error), .processingFailed(_, _, let error):
                error
            default: nil
            }
        }

        /// The HTTP status code of a source that answered with one the loader does not accept
        /// (``DataLoadingError/statusCodeUnacceptable(_:)``), such as 404; `nil` otherwise.
        public var statusCode: Int? {
            if case .statusCodeUnacceptable(let code)? = dataLoadingError as? DataLoadingError { code } else { nil }
        }

        /// The network failure when the load failed on the network (connecting, timing out, TLS,
        /// the address policy, a refused redirect, …); `nil` otherwise.
        public var networkError: NetworkError? {
            dataLoadingError as? NetworkError
        }

        /// A sentence describing the failure, including the underlying error.
        public var description: String {
            switch self {
            case .dataMissingInCache:
                "Failed to load data from cache and download is disabled."
            case .dataLoadingFailed(let error):
                "Failed to load image data. Underlying error: \(error)."
            case .dataIsEmpty:
                "Data loader returned empty data."
            case .dataLoaderNotRegistered(let scheme):
                "No data loader registered for URL scheme '\(scheme)'."
            case .decoderNotRegistered(let context):
                "No decoder registered for the image (\(context.assetType?.rawValue ?? "unknown format"), "
                    + "\(context.data.count) bytes)."
            case let .decodingFailed(decoder, context, error):
                "Failed to decode \(context.assetType?.rawValue ?? "image") data (\(context.data.count) bytes) "
                    + "with \(type(of: decoder)). Underlying error: \(error)."
            case let .processingFailed(processor, _, error):
                "Failed to process the image using processor \(processor). Underlying error: \(error)."
            case .imageRequestMissing:
                "Load image method was called with no image request."
            case .pipelineInvalidated:
                "Image pipeline is invalidated and no requests can be made."
            case .dataDownloadExceededMaximumSize:
                "Data downloaded exceeded the maximum allowed size."
            case .cancelled:
                "Image task was cancelled."
            }
        }
    }
}
