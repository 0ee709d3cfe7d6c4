// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite(.timeLimit(.minutes(10)))
struct LoaderInboxTests {
    @Test("Events posted during the load call wait for the job's drain; no hop is scheduled")
    @ImagePipelineActor
    func synchronousEvents() {
        let received = Collector<String>()
        let inbox = LoaderInbox { event in received.append(Self.describe(event)) }
        inbox.post(.chunk(Data([1]), DataResponse(url: .test)))
        inbox.post(.completed(nil))
        #expect(received.count == 0)
        inbox.drain()
        #expect(received.all == ["chunk 1", "completed"])
    }

    @Test("Events from four threads arrive in each thread's order, all of them, none after close")
    func concurrentEvents() async {
        let received = Collector<String>()
        let inbox = LoaderInbox { event in received.append(Self.describe(event)) }
        await inbox.drain()  // The load call returned: later events schedule their own drain.
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for index in 0..<250 {
                        inbox.post(.chunk(Data([UInt8(thread), UInt8(index)]), DataResponse(url: .test)))
                    }
                }
            }
        }
        await received.wait(untilCount: 1_000)
        let all = received.all
        for thread in 0..<4 {
            let mine = all.filter { $0.hasPrefix("chunk 2 \(thread) ") }
            #expect(mine == (0..<250).map { "chunk 2 \(thread) \($0)" })
        }
        inbox.close()
        inbox.post(.completed(nil))  // Closed: schedules nothing and is dropped.
        await inbox.drain()
        #expect(received.count == 1_000)
    }

    private static func describe(_ event: LoaderInbox.Event) -> String {
        switch event {
        case .chunk(let data, _):
            data.count == 1 ? "chunk 1" : "chunk 2 \(data[0]) \(data[1])"
        case .completed: "completed"
        }
    }
}
