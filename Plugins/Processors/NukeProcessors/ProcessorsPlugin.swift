// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

/// Registers NukeProcessors' processors by name, so chains can be built from text:
///
/// ```
/// resize(width:320,height:240,crop:true,contentMode:fill,unit:pixels,upscale:false,filter:lanczos3)
/// crop(x:0,y:0,width:100,height:100)
/// circle(borderColor:#FFFFFF,borderWidth:2)
/// roundedCorners(radius:16,unit:pixels,borderColor:#000000,borderWidth:1)
/// gaussianBlur(radius:8)
/// rotate(degrees:90)
/// flip(horizontal:true,vertical:false)
/// background(color:#FFFFFF)
/// pixelate(size:8)
/// trim(threshold:10,color:#FFFFFF)
/// sharpen(sigma:2,amount:1.5,threshold:3)
/// overlay(image:logo,position:bottomRight,margin:16,marginY:8,opacity:0.5,width:0.2)
/// ```
///
/// `overlay` draws one of the images given to ``init(overlays:)``, by name.
public struct ProcessorsPlugin: NukePlugin {
    /// The images `overlay(image:…)` may draw, by name (the name is the overlay's id).
    public let overlays: [String: Bitmap]

    /// Creates the plugin; `overlays` are the images specs may draw over others, by name.
    public init(overlays: [String: Bitmap] = [:]) {
        self.overlays = overlays
    }

    /// `nuke.processors`.
    public var id: PluginID { "nuke.processors" }

    /// Registers `resize`, `crop`, `circle`, `roundedCorners`, `gaussianBlur`, `rotate`, `flip`,
    /// `background`, `pixelate`, `trim`, `sharpen` and `overlay`, and on processors with AVX2 the
    /// ``AVX2ResamplingKernel`` (as `avx2`), which every resize of the pipeline then uses.
    public func register(in registry: inout PluginRegistry) {
        if AVX2ResamplingKernel.isAvailable {
            registry.register(
                Capabilities.Resampling.self,
                id: "nuke.processors.avx2",
                for: ["avx2"],
                AVX2ResamplingKernel()
            )
        }
        registerEditing(in: &registry)
        registry.register(Capabilities.Processing.self, id: "nuke.processors.resize", for: ["resize"], Self.makeResize)
        registry.register(Capabilities.Processing.self, id: "nuke.processors.crop", for: ["crop"], Self.makeCrop)
        registry.register(Capabilities.Processing.self, id: "nuke.processors.circle", for: ["circle"]) { parameters in
            try parameters.validate(allowed: ["borderColor", "borderWidth", "unit"], processor: "circle")
            return ImageProcessors.Circle(border: try Self.border(parameters, processor: "circle"))
        }
        registry.register(Capabilities.Processing.self, id: "nuke.processors.rounded-corners", for: ["roundedCorners"])
        { parameters in
            try parameters.validate(
                allowed: ["radius", "unit", "borderColor", "borderWidth"],
                processor: "roundedCorners"
            )
            guard let radius = try parameters.double("radius") else {
                throw Self.missing("radius", in: "roundedCorners")
            }
            return ImageProcessors.RoundedCorners(
                radius: radius,
                unit: try Self.unit(parameters),
                border: try Self.border(parameters, processor: "roundedCorners")
            )
        }
        registry.register(Capabilities.Processing.self, id: "nuke.processors.gaussian-blur", for: ["gaussianBlur"]) {
            parameters in
            try parameters.validate(allowed: ["radius"], processor: "gaussianBlur")
            return ImageProcessors.GaussianBlur(radius: try parameters.int("radius") ?? 8)
        }
    }

    @Sendable private static func makeResize(_ parameters: ProcessorParameters) throws -> any ImageProcessing {
        let names = ["width", "height", "unit", "contentMode", "crop", "upscale", "filter"]
        try parameters.validate(allowed: names, processor: "resize")
        let width = try parameters.double("width")
        let height = try parameters.double("height")
        let unit = try unit(parameters)
        let upscale = try parameters.bool("upscale") ?? false
        let filter =
            try value(
                parameters,
                "filter",
                ResamplingFilter.init(rawValue:),
                expected: "box, bilinear, bicubic or lanczos3"
            )
            ?? .lanczos3
        let contentMode = try value(
            parameters,
            "contentMode",
            { ["fill": ImageProcessingOptions.ContentMode.aspectFill, "fit": .aspectFit][$0] },
            expected: "fill or fit"
        )
        switch (width, height) {
        case let (width?, height?):
            return ImageProcessors.Resize(
                size: ImageSize(width: width, height: height),
                unit: unit,
                contentMode: contentMode ?? .aspectFill,
                crop: try parameters.bool("crop") ?? false,
                upscale: upscale,
                filter: filter
            )
        case let (width?, nil):
            return ImageProcessors.Resize(width: width, unit: unit, upscale: upscale, filter: filter)
        case let (nil, height?):
            return ImageProcessors.Resize(height: height, unit: unit, upscale: upscale, filter: filter)
        case (nil, nil): throw missing("width or height", in: "resize")
        }
    }

    @Sendable private static func makeCrop(_ parameters: ProcessorParameters) throws -> any ImageProcessing {
        try parameters.validate(allowed: ["x", "y", "width", "height"], processor: "crop")
        guard let width = try parameters.int("width"), let height = try parameters.int("height") else {
            throw missing("width and height", in: "crop")
        }
        return ImageProcessors.Crop(
            x: try parameters.int("x") ?? 0,
            y: try parameters.int("y") ?? 0,
            width: width,
            height: height
        )
    }

    static func unit(_ parameters: ProcessorParameters) throws -> ImageProcessingOptions.Unit {
        try value(parameters, "unit", ImageProcessingOptions.Unit.init(rawValue:), expected: "points or pixels")
            ?? .points
    }

    private static func border(_ parameters: ProcessorParameters, processor: String) throws -> ImageProcessingOptions
        .Border?
    {
        guard let color = try color(parameters, "borderColor") else { return nil }
        let width = try parameters.double("borderWidth") ?? 1
        return ImageProcessingOptions.Border(color: color, width: width, unit: try unit(parameters))
    }

    static func value<T>(
        _ parameters: ProcessorParameters,
        _ name: String,
        _ parse: (String) -> T?,
        expected: String
    ) throws -> T? {
        guard let text = parameters.string(name) else { return nil }
        guard let value = parse(text) else { throw invalid(name, text, expected: expected) }
        return value
    }

    static func missing(_ name: String, in processor: String) -> ProcessorSpecError {
        ProcessorSpecError(
            spec: processor,
            offset: 0,
            reason: .invalidProcessor(name: processor, error: "needs \(name)")
        )
    }
}
