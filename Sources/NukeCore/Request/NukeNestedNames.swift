// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// Nuke nests these types in the ones that use them; here they are top-level types, and these
// aliases let code written against Nuke's names compile unchanged.

extension ImageRequest {
    /// Nuke's name for ``ThumbnailOptions``.
    public typealias ThumbnailOptions = NukeCore.ThumbnailOptions
    /// Nuke's name for ``UserInfoKey``.
    public typealias UserInfoKey = NukeCore.UserInfoKey
}

extension ImageContainer {
    /// Nuke's name for ``UserInfoKey``.
    public typealias UserInfoKey = NukeCore.UserInfoKey
}
