// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import Testing

@testable import NukeHTTP

/// HTTP dates in their three forms, and the ones a hostile server sends.
@Suite struct HTTPDateTests {
    @Test("The three forms of RFC 9110 read as the same instant; formatting round-trips")
    func forms() throws {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        for text in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
            #expect(HTTPDate.date(from: text) == expected, "\(text)")
        }
        #expect(HTTPDate.string(from: expected) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.date(from: "Fri, 31 Dec 9999 23:59:59 GMT") != nil)
    }

    @Test("Years past four digits are not dates, not an overflow (found by fuzz-http-headers)")
    func hugeYears() {
        for text in [
            "Sun Nov  6 08:49:37 1990000000000000004", "Sun, 06 Nov 9223372036854775807 08:49:37 GMT",
            "Sun, 06 Nov -9223372036854775808 08:49:37 GMT", "Sun, 06 Nov 10000 08:49:37 GMT",
        ] {
            #expect(HTTPDate.date(from: text) == nil, "\(text)")
        }
    }
}
