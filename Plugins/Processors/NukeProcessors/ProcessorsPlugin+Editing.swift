// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

extension ProcessorsPlugin {
    /// Registers the processors image proxies need beyond Nuke's: `rotate`, `flip`, `background`,
    /// `pixelate`, `trim`, `sharpen` and `overlay`.
    func registerEditing(in registry: inout PluginRegistry) {
        let processing = Capabilities.Processing.self
        registry.register(processing, id: "nuke.processors.rotate", for: ["rotate"]) { parameters in
            try parameters.validate(allowed: ["degrees"], processor: "rotate")
            guard let degrees = try parameters.int("degrees") else { throw Self.missing("degrees", in: "rotate") }
            guard degrees.isMultiple(of: 90) else {
                throw Self.invalid("degrees", "\(degrees)", expected: "a multiple of 90")
            }
            return ImageProcessors.Rotate(degrees: degrees)
        }
        registry.register(processing, id: "nuke.processors.flip", for: ["flip"]) { parameters in
            try parameters.validate(allowed: ["horizontal", "vertical"], processor: "flip")
            return ImageProcessors.Flip(
                horizontal: try parameters.bool("horizontal") ?? false,
                vertical: try parameters.bool("vertical") ?? false
            )
        }
        registry.register(processing, id: "nuke.processors.background", for: ["background"]) { parameters in
            try parameters.validate(allowed: ["color"], processor: "background")
            return ImageProcessors.Background(color: try Self.color(parameters, "color") ?? .white)
        }
        registry.register(processing, id: "nuke.processors.pixelate", for: ["pixelate"]) { parameters in
            try parameters.validate(allowed: ["size"], processor: "pixelate")
            return ImageProcessors.Pixelate(size: try parameters.int("size") ?? 8)
        }
        registry.register(processing, id: "nuke.processors.trim", for: ["trim"]) { parameters in
            try parameters.validate(allowed: ["threshold", "color"], processor: "trim")
            return ImageProcessors.Trim(
                threshold: try parameters.int("threshold") ?? 10,
                color: try Self.color(parameters, "color")
            )
        }
        registry.register(processing, id: "nuke.processors.sharpen", for: ["sharpen"]) { parameters in
            try parameters.validate(allowed: ["sigma", "amount", "threshold"], processor: "sharpen")
            return ImageProcessors.Sharpen(
                sigma: try parameters.double("sigma") ?? 2,
                amount: try parameters.double("amount") ?? 1.5,
                threshold: try parameters.int("threshold") ?? 3
            )
        }
        let overlays = self.overlays
        registry.register(processing, id: "nuke.processors.overlay", for: ["overlay"]) { parameters in
            try Self.makeOverlay(parameters, overlays: overlays)
        }
    }

    private static func makeOverlay(_ parameters: ProcessorParameters, overlays: [String: Bitmap]) throws
        -> any ImageProcessing
    {
        try parameters.validate(
            allowed: ["image", "position", "margin", "marginX", "marginY", "opacity", "width"],
            processor: "overlay"
        )
        guard let name = parameters.string("image") else { throw missing("image", in: "overlay") }
        guard let image = overlays[name] else {
            let known = overlays.keys.sorted().joined(separator: ", ")
            throw invalid("image", name, expected: known.isEmpty ? "an overlay given to ProcessorsPlugin" : known)
        }
        let positions = ImageProcessors.Overlay.Position.allCases.map(\.rawValue).joined(separator: ", ")
        let margin = try parameters.int("margin") ?? 0
        return ImageProcessors.Overlay(
            image: image,
            id: name,
            position: try value(parameters, "position", ImageProcessors.Overlay.Position.init, expected: positions)
                ?? .bottomRight,
            horizontalMargin: try parameters.int("marginX") ?? margin,
            verticalMargin: try parameters.int("marginY") ?? margin,
            opacity: try parameters.double("opacity") ?? 1,
            relativeWidth: try parameters.double("width")
        )
    }

    /// The colour parameter `name` (`#RRGGBB` or `#RRGGBBAA`), if given.
    static func color(_ parameters: ProcessorParameters, _ name: String) throws -> ImageProcessingOptions.Color? {
        try value(parameters, name, ImageProcessingOptions.Color.init(hex:), expected: "#RRGGBB or #RRGGBBAA")
    }

    /// The error for a parameter whose value is not one of those `expected`.
    static func invalid(_ name: String, _ value: String, expected: String) -> ProcessorSpecError {
        ProcessorSpecError(spec: value, offset: 0, reason: .invalidValue(name: name, value: value, expected: expected))
    }
}
