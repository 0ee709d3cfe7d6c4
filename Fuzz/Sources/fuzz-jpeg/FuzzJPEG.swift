// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import FuzzSupport
import NukeCore
import NukeJPEG

private let registry = DecoderFuzzing.registry(installing: JPEGPlugin())
private let conversion = ColorConversion(manager: InterleavingColorManager())

/// libFuzzer's entry point: one input through every JPEG decoding path, then again converting
/// colours as it decodes (where the file has a profile and the processor the planar step).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    DecoderFuzzing.exercise(data, registry: registry)
    DecoderFuzzing.exercise(data, registry: registry, colorConversion: conversion)
    return 0
}
