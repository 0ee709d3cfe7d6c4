// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import FuzzSupport
import NukeSVG

private let registry = DecoderFuzzing.registry(installing: SVGPlugin())

/// libFuzzer's entry point: one input through every SVG decoding path, and through the
/// sanitiser, whose output must be a document the sanitiser keeps as it is.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    DecoderFuzzing.exercise(data, registry: registry)
    if let clean = try? SVGSanitizer().sanitize(data), (try? SVGSanitizer().sanitize(clean)) != clean {
        fatalError("the sanitiser's output changed when sanitised again")
    }
    return 0
}
