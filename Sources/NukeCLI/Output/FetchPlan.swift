// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke

/// What `nuke fetch` does to every input, decided once from its options.
struct FetchPlan: Sendable {
    /// `--size` then `--processors`.
    var processors: [any ImageProcessing]
    /// `--thumbnail`: the longest side to decode to.
    var thumbnail: Int?
    /// `--format`, or the extension `--name` ends with.
    var format: OutputFormat?
    /// `--quality`, 1–100.
    var quality: Int
    /// `--strip`.
    var strip: Bool
    /// `--first-frame`.
    var firstFrame: Bool
    /// `--name`.
    var nameTemplate: OutputNameTemplate

    /// Whether an input might be written as downloaded: nothing changes its pixels. (It is when,
    /// besides, ``format`` is unset or the source's own.)
    var mayKeepOriginal: Bool {
        processors.isEmpty && thumbnail == nil
    }
}
