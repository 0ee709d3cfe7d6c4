// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The identity of a registration in a ``PluginRegistry``: a reverse-DNS string such as
/// `nuke.decoder.jpeg`.
///
/// Registering again under the same ID replaces the earlier registration, so installing a plugin
/// twice is harmless.
public struct PluginID: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The identifier string.
    public let rawValue: String

    /// Creates an ID.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an ID from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The identifier string.
    public var description: String { rawValue }
}
