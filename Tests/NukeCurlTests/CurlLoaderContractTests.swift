// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import NukeCurl
import NukeTestSupport
import Testing

@Suite struct CurlLoaderContractTests {
    @Test(arguments: DataLoaderContract.Check.allCases)
    func contract(_ check: DataLoaderContract.Check) async throws {
        let contract = DataLoaderContract { options in
            var configuration = CurlDataLoader.Configuration()
            configuration.retryPolicy = options.retryPolicy
            configuration.maximumResponseSize = options.maximumResponseSize
            configuration.clock = options.clock
            configuration.proxy = .none
            return CurlDataLoader(configuration: configuration)
        }
        try await contract.run(check)
    }
}
