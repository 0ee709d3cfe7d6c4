// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// A loader that says which ``AddressPolicy`` every one of its connections is held to.
///
/// Image proxies read it to refuse a loader that would reach private addresses; a loader that
/// does not conform (or reports `nil`) does not say, and is treated as open. A loader wrapping
/// another reports the wrapped one's.
public protocol AddressPolicyReporting: DataLoading {
    /// The policy every connection is held to, or `nil` when the loader cannot say (one that
    /// checks host names only, not the addresses it connects to).
    var addressPolicy: AddressPolicy? { get }
}
