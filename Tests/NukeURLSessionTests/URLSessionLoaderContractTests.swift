// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import NukeTestSupport
import NukeURLSession
import Testing

@Suite struct URLSessionLoaderContractTests {
    @Test(arguments: DataLoaderContract.Check.allCases)
    func contract(_ check: DataLoaderContract.Check) async throws {
        let contract = DataLoaderContract { options in
            var configuration = URLSessionDataLoader.Configuration()
            configuration.retryPolicy = options.retryPolicy
            configuration.maximumResponseSize = options.maximumResponseSize
            configuration.clock = options.clock
            return URLSessionDataLoader(configuration: configuration)
        }
        try await contract.run(check)
    }
}
