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

    @Test("The process's group is found in either hierarchy of /proc/self/cgroup")
    func groupPaths() {
        let v1 = "12:cpu,cpuacct:/a\n4:memory:/nuke/test\n1:name=systemd:/\n"
        #expect(SystemMemory.cgroupPath(controller: "memory", in: v1) == "/nuke/test")
        #expect(SystemMemory.cgroupPath(controller: "cpu", in: v1) == "/a")
        #expect(SystemMemory.cgroupPath(controller: "", in: v1) == nil)
        let v2 = "0::/system.slice/nuke-server.service\n"
        #expect(SystemMemory.cgroupPath(controller: "", in: v2) == "/system.slice/nuke-server.service")
        #expect(SystemMemory.cgroupPath(controller: "memory", in: v2) == nil)
        #expect(SystemMemory.cgroupPath(controller: "", in: "0::/\n") == nil)
    }
}
