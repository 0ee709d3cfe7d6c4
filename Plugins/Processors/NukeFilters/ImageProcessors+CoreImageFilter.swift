// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImageProcessors {
    /// A filter addressed by its Core Image name and parameter keys, with Core Image's defaults,
    /// so code written for Nuke's `CoreImageFilter` on Apple keeps its meaning on Linux.
    ///
    /// Available: `CISepiaTone`, `CIColorControls`, `CIColorInvert`, `CIColorMonochrome`,
    /// `CIPhotoEffectMono`, `CIPhotoEffectNoir`, `CIExposureAdjust`, `CIGammaAdjust`, `CIVibrance`,
    /// `CIHueAdjust`, `CIColorMatrix`, `CIVignette`, `CIUnsharpMask`, `CISharpenLuminance`,
    /// `CIGaussianBlur`, `CIBoxBlur`, `CIPixellate`.
    ///
    /// ```swift
    /// let sepia = try ImageProcessors.CoreImageFilter(name: "CISepiaTone", parameters: ["inputIntensity": 0.8])
    /// ```
    public struct CoreImageFilter: ImageProcessing, Hashable {
        /// The Core Image name.
        public let name: String
        /// The given parameters (defaults fill the rest).
        public let parameters: [String: FilterValue]

        /// Creates a filter.
        ///
        /// - Throws: ``FilterError`` for an unknown name or parameter key; both list the valid ones.
        public init(name: String, parameters: [String: FilterValue] = [:]) throws(FilterError) {
            guard let definition = FilterCatalog.definitions[name] else {
                throw .unknownFilter(name: name, available: FilterCatalog.names)
            }
            let keys = definition.defaults.map(\.key)
            if let unknown = parameters.keys.sorted().first(where: { !keys.contains($0) }) {
                throw .unknownParameter(filter: name, key: unknown, available: keys)
            }
            self.name = name
            self.parameters = parameters
        }

        /// The names of every available filter, sorted.
        public static var availableFilters: [String] { FilterCatalog.names }

        /// The parameter keys of a filter with their defaults, or `nil` for an unknown name.
        public static func defaults(for name: String) -> [(key: String, value: FilterValue)]? {
            FilterCatalog.definitions[name]?.defaults
        }

        /// `com.github.kean/nuke/core_image?name=<name>` followed by the given parameters, sorted.
        public var identifier: String {
            let parameters = parameters.keys.sorted().map { "&\($0)=\(self.parameters[$0]!)" }.joined()
            return "com.github.kean/nuke/core_image?name=\(name)\(parameters)"
        }

        /// The filtered image.
        public func process(_ image: Bitmap) -> Bitmap? {
            try? apply(image)
        }

        /// The filtered image, or the error that stopped it.
        public func apply(_ image: Bitmap) throws -> Bitmap {
            guard let definition = FilterCatalog.definitions[name] else {
                throw FilterError.unknownFilter(name: name, available: FilterCatalog.names)
            }
            guard image.width > 0, image.height > 0 else { return image }
            var values = Dictionary(uniqueKeysWithValues: definition.defaults.map { ($0.key, $0.value) })
            for (key, value) in parameters { values[key] = value }
            return try definition.apply(image, FilterCatalog.Parameters(values: values))
        }
    }
}

/// Why a Core Image-style filter cannot be made.
public enum FilterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No filter has this name.
    case unknownFilter(name: String, available: [String])
    /// The filter has no parameter with this key.
    case unknownParameter(filter: String, key: String, available: [String])

    /// A sentence naming the valid choices.
    public var description: String {
        switch self {
        case let .unknownFilter(name, available):
            "Unknown filter '\(name)'; available: \(available.joined(separator: ", "))"
        case let .unknownParameter(filter, key, available):
            "\(filter) has no parameter '\(key)'; valid: \(available.isEmpty ? "none" : available.joined(separator: ", "))"
        }
    }
}

extension ImageProcessing where Self == ImageProcessors.CoreImageFilter {
    /// A Core Image-style filter by name (see ``ImageProcessors/CoreImageFilter``).
    public static func coreImageFilter(name: String, parameters: [String: FilterValue] = [:]) throws(FilterError)
        -> ImageProcessors.CoreImageFilter
    {
        try ImageProcessors.CoreImageFilter(name: name, parameters: parameters)
    }
}
