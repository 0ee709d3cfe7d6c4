// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// How a configuration picks one of its caches: an instance, or a name looked up in the registry.
/// One value, so that the two spellings (`imageCache`, `imageCacheName`) cannot disagree.
enum CacheChoice<Cache: Sendable>: Sendable {
    /// This cache, or none.
    case instance(Cache?)
    /// The registry's cache of this name.
    case named(String)

    /// The cache: the instance, or `lookUp`'s answer for the name.
    func resolved(_ lookUp: (String) -> Cache?) -> Cache? {
        switch self {
        case .instance(let cache): cache
        case .named(let name): lookUp(name)
        }
    }

    /// The name, when the cache is picked by name.
    var name: String? {
        if case .named(let name) = self { name } else { nil }
    }

    /// Picks the cache named `name`; `nil` clears a name (no cache) and keeps an instance.
    mutating func setName(_ name: String?) {
        if let name {
            self = .named(name)
        } else if case .named = self {
            self = .instance(nil)
        }
    }
}
