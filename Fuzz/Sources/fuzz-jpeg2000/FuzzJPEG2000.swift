// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import FuzzSupport
import NukeJPEG2000

private let registry = DecoderFuzzing.registry(installing: JPEG2000Plugin())

/// libFuzzer's entry point: one input through every JPEG 2000 decoding path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    DecoderFuzzing.exercise(Data(bytes: start, count: count), registry: registry)
    return 0
}
