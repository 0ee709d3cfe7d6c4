// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// Registers every Core Image-style filter under its Core Image name, so text specs can use them:
/// `CISepiaTone(inputIntensity:0.8)`, `CIColorMonochrome(inputColor:[0.6 0.45 0.3 1])`.
public struct FiltersPlugin: NukePlugin {
    /// Creates the plugin.
    public init() {}

    /// `nuke.filters`.
    public var id: PluginID { "nuke.filters" }

    /// Registers one processor factory per filter name.
    public func register(in registry: inout PluginRegistry) {
        for name in FilterCatalog.names {
            registry.register(
                Capabilities.Processing.self,
                id: PluginID(stringLiteral: "nuke.filters.\(name)"),
                for: [name]
            ) {
                parameters in
                let keys = ImageProcessors.CoreImageFilter.defaults(for: name)?.map(\.key) ?? []
                try parameters.validate(allowed: keys, processor: name)
                var values: [String: FilterValue] = [:]
                for entry in parameters.entries {
                    guard let value = FilterValue(parsing: entry.value) else {
                        throw ProcessorSpecError(
                            spec: entry.value,
                            offset: 0,
                            reason: .invalidValue(
                                name: entry.name,
                                value: entry.value,
                                expected: "a number within ±3.4e38, or a vector of them such as [1 0 0 0]"
                            )
                        )
                    }
                    values[entry.name] = value
                }
                return try ImageProcessors.CoreImageFilter(name: name, parameters: values)
            }
        }
    }
}
