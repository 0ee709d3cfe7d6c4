// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

extension ImagePipeline {
    func makeLoadImageJob(for request: ImageRequest) -> Job<ImageResponse> {
        loadImageJobs.job(for: LoadImageKey(request)) {
            LoadImageJob(services: JobServices(pipeline: self), request: request)
        }
    }

    func makeFetchOriginalImageJob(for request: ImageRequest) -> Job<ImageResponse> {
        let job = fetchOriginalImageJobs.job(for: FetchOriginalImageKey(request)) {
            FetchOriginalImageJob(services: JobServices(pipeline: self), request: request)
        }
        if let downscaler = request.shrinkOnLoadFor, let job = job as? FetchOriginalImageJob {
            job.shrinkOnLoad(for: downscaler)
        }
        return job
    }

    func makeFetchOriginalDataJob(for request: ImageRequest) -> Job<(Data, DataResponse?)> {
        fetchOriginalDataJobs.job(for: FetchOriginalDataKey(request)) {
            FetchOriginalDataJob(services: JobServices(pipeline: self), request: request)
        }
    }

    func makeLoadDataJob(for request: ImageRequest) -> Job<(Data, DataResponse?)> {
        let request = request.forOriginalData()
        return loadDataJobs.job(for: LoadDataKey(request)) {
            LoadDataJob(services: JobServices(pipeline: self), request: request)
        }
    }
}
