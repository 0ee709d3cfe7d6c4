// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import Testing

@testable import NukeDiskCache

/// `Cache-Control` parsing, including the malformed values servers send.
@Suite struct CacheControlTests {
    @Test("Directives are read case-insensitively; max-age needs a number")
    func directives() {
        let control = CacheControl("Public, MAX-AGE=\"60\", no-cache, must-revalidate")
        #expect(control.maxAge == 60 && control.noCache && control.mustRevalidate && !control.noStore)
        #expect(CacheControl("max-age=abc").maxAge == 0)
        #expect(CacheControl("max-age=-5").maxAge == 0)
        #expect(CacheControl(nil) == CacheControl(""))
    }

    @Test("Empty names and values are ignored, not a crash (found by fuzz-http-headers)")
    func malformed() {
        for value in ["=", ",=,", "==", "=60", "max-age=", " , ", "no-store=", "\u{0}=\u{0}"] {
            _ = CacheControl(value)
        }
        #expect(CacheControl("=, no-store").noStore)
        #expect(CacheControl("max-age=").maxAge == 0)
    }
}
