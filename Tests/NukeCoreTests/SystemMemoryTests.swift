// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite struct SystemMemoryTests {
    @Test("cgroup limit files are parsed; 'max' and huge values mean no limit")
    func parsing() {
        #expect(SystemMemory.parseLimit("536870912\n") == 536_870_912)
        #expect(SystemMemory.parseLimit("max\n") == nil)
        #expect(SystemMemory.parseLimit("9223372036854771712") == nil)
        #expect(SystemMemory.available > 0)
        #expect(ImagePipeline.Configuration.defaultMaximumResponseDataSize <= 200 * 1024 * 1024)
    }
}
