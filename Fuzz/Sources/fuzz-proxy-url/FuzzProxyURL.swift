// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxy

/// The key the signed configurations use (imgproxy's documented example, "secret" and "hello"),
/// so that seeds can carry valid signatures.
private let signature = URLSignature(keys: [try! URLSignature.Key(hexKey: "736563726574", hexSalt: "68656c6c6f")])
private let registry = PluginRegistry.defaultPlugins

/// One configuration for each combination of the first byte's low seven bits: signed or not, presets
/// only, security options allowed, a base URL, allowed sources with object storage, a path
/// prefix, large results scaled down.
private let configurations: [ProxyConfiguration] = (0..<128).map { bits in
    var configuration = ProxyConfiguration(signature: bits & 1 == 0 ? nil : signature)
    configuration.allowsUnsignedURLs = bits & 1 == 0
    configuration.onlyPresets = bits & 2 != 0
    configuration.allowsSecurityOptions = bits & 4 != 0
    var allowed: [SourcePolicy.AllowedSource] = []
    if bits & 16 != 0 {
        allowed = ["https://images.example.com/public/", "https://*.example.org/", "s3://photos/public/"].map {
            try! SourcePolicy.AllowedSource(parsing: $0)
        }
    }
    configuration.sources = SourcePolicy(
        allowedSources: allowed,
        baseURL: bits & 8 != 0 ? "https://images.example.com/public/" : nil,
        allowsObjectStorage: bits & 16 != 0
    )
    configuration.pathPrefix = bits & 32 != 0 ? "/images" : ""
    configuration.scalesDownLargeResults = bits & 64 != 0
    configuration.allowedProcessors = ["resize", "gaussianBlur"]
    configuration.presets = [
        "default": [ProxyOption(segment: "q:70")],
        "thumb": ["rs:fill:100:100", "g:sm", "pr:sharp"].map(ProxyOption.init(segment:)),
        "sharp": [ProxyOption(segment: "sh:0.5")],
        "loop": [ProxyOption(segment: "pr:loop")],
    ]
    configuration.currentTime = { 1_800_000_000 }
    return configuration
}

/// libFuzzer's entry point: the first byte picks a configuration, the rest is a request path
/// (and, after a newline, an `Accept` header), planned as nuke-server plans every request —
/// signature, options, presets, limits, source policy — which must end in a plan or a
/// `ProxyRequestError`, never a trap, and whose plan holds to the configuration's limits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let configuration = configurations[Int(bytes[0] & 127)]
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let (path, accept) =
        text.firstIndex(of: "\n").map { (String(text[..<$0]), String(text[text.index(after: $0)...])) } ?? (text, nil)
    guard
        let plan = try? ProxyPlan(path: path, accept: accept, configuration: configuration, registry: registry)
    else { return 0 }
    precondition(plan.maximumResultDimension > 0, "a plan without a result limit")
    if !configuration.allowsSecurityOptions {
        precondition(plan.maximumResultDimension == configuration.maximumResultDimension, "a URL raised a limit")
        precondition(plan.maximumAnimationFramePixels == nil, "a URL set a frame limit")
    }
    _ = plan.cacheKey
    _ = try? plan.checkResultSize(width: 1, height: 1)
    return 0
}
