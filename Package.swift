// swift-tools-version:6.1
// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
import PackageDescription

// MARK: - Modules
//
// One row = one module = one folder = one `<Name>Tests` target (and, unless it says otherwise,
// one library product). Every module depends on `NukeCore`; support modules on `NukeCore` only;
// plugins on `NukeCore`, support modules and their own C targets, never on each other
// (checked by .ci/module-graph).

struct Module {
    /// Module, product and folder name.
    var name: String
    /// Folder of the module's sources.
    var path: String
    /// Targets the module depends on besides `NukeCore`.
    var dependencies: [Target.Dependency] = []
    /// Whether the module is a library product (`false`: used inside this package only).
    var isProduct = true
    /// Targets the module's tests depend on besides the module, `NukeCore` and `NukeTestSupport`.
    var testDependencies: [Target.Dependency] = []
    /// Resources bundled with the module's test target.
    var testResources: [Resource] = []
}

let modules: [Module] = [
    // The pipeline, its contracts, the memory cache and the registry; depends on nothing.
    // Its tests resize with NukeImaging's resampler as a real processor and cache on a real disk.
    Module(
        name: "NukeCore",
        path: "Sources/NukeCore",
        testDependencies: ["NukeImaging", "NukeHTTP", "NukeDiskCache"]
    ),
    // Support modules: what several plugins share, on NukeCore alone.
    // Pixel algorithms: the resampler, blurs, crops, EXIF structure, planar row conversion.
    Module(name: "NukeImaging", path: "Sources/NukeImaging"),
    // HTTP semantics loaders share: address policy and IP parsing, retries, validation, HTTP
    // dates.
    Module(name: "NukeHTTP", path: "Sources/NukeHTTP"),
    // The processor spec language (`resize(width:320)|gaussianBlur(radius:8)`) over the registry,
    // for the command line and the image proxy.
    Module(name: "NukeProcessorSpec", path: "Sources/NukeProcessorSpec"),
    // What caches on another machine share: a circuit breaker and values that check themselves.
    Module(name: "NukeRemoteCaching", path: "Sources/NukeRemoteCaching"),
    // Loading images ahead of need through a pipeline (`ImagePrefetcher`).
    Module(name: "NukePrefetching", path: "Sources/NukePrefetching", testDependencies: ["NukeDiskCache"]),
    // Decoders and encoders.
    Module(
        name: "NukeJPEG",
        path: "Plugins/Decoders/JPEG/NukeJPEG",
        dependencies: ["NukeImaging", "CNukeJPEG"],
        testDependencies: ["CNukeJPEG", "NukeImaging", "NukeDiskCache"],
        testResources: [.copy("Fixtures")]
    ),
    Module(
        name: "NukePNG",
        path: "Plugins/Decoders/PNG/NukePNG",
        dependencies: ["NukeImaging", "CNukePNG"],
        testDependencies: ["NukeImaging", "NukeDiskCache"],
        testResources: [.copy("Fixtures")]
    ),
    Module(
        name: "NukeGIF",
        path: "Plugins/Decoders/GIF/NukeGIF",
        dependencies: ["NukeImaging", "CNukeGIF"],
        testDependencies: ["NukeImaging", "NukeDiskCache"],
        testResources: [.copy("Fixtures")]
    ),
    Module(
        name: "NukeWebP",
        path: "Plugins/Decoders/WebP/NukeWebP",
        dependencies: ["NukeImaging", "CNukeLibWebP"],
        // libwebp's own animation decoder, the reference; GIF input for animated round trips.
        testDependencies: ["CNukeLibWebP", "NukeGIF", "NukeImaging", "NukeDiskCache"],
        testResources: [.copy("Fixtures")]
    ),
    Module(
        name: "NukeAVIF",
        path: "Plugins/Decoders/AVIF/NukeAVIF",
        dependencies: ["NukeImaging", "CNukeLibAVIF"],
        testDependencies: ["NukeImaging"],
        testResources: [.copy("Fixtures")]
    ),
    Module(
        name: "NukeHEIF",
        path: "Plugins/Decoders/HEIF/NukeHEIF",
        dependencies: ["NukeImaging", "CNukeLibHEIF"],
        testResources: [.copy("Fixtures")]
    ),
    Module(
        name: "NukeJXL",
        path: "Plugins/Decoders/JXL/NukeJXL",
        dependencies: ["NukeImaging", "CNukeLibJXL"],
        testResources: [.copy("Fixtures")]
    ),
    Module(
        name: "NukeBMP",
        path: "Plugins/Decoders/BMP/NukeBMP",
        dependencies: ["NukeImaging"],
        // Icons holding PNG images.
        testDependencies: ["NukePNG"],
        testResources: [.copy("Fixtures")]
    ),
    Module(
        name: "NukeSVG",
        path: "Plugins/Decoders/SVG/NukeSVG",
        dependencies: ["NukeImaging", "CNukeSVG"],
        testResources: [.copy("Fixtures")]
    ),
    Module(
        name: "NukeJPEG2000",
        path: "Plugins/Decoders/JPEG2000/NukeJPEG2000",
        dependencies: ["NukeImaging", "CNukeLibOpenJPEG", "CNukeJPEG2000"],
        testResources: [.copy("Fixtures")]
    ),
    Module(
        name: "NukeTIFF",
        path: "Plugins/Decoders/TIFF/NukeTIFF",
        dependencies: ["NukeImaging", "CNukeLibTIFF", "CNukeTIFF"],
        testResources: [.copy("Fixtures")]
    ),
    // Colour management.
    Module(
        name: "NukeLCMS",
        path: "Plugins/ColorManagement/LCMS/NukeLCMS",
        dependencies: ["NukeImaging", "CNukeLibLCMS", "CNukeLCMS"],
        // Files with profiles through the pipeline, and every encoder that embeds them.
        testDependencies: ["NukeImaging", "NukeJPEG", "NukePNG", "NukeWebP", "NukeAVIF", "NukeJXL"],
        testResources: [.copy("Fixtures")]
    ),
    // Processors.
    Module(
        name: "NukeProcessors",
        path: "Plugins/Processors/NukeProcessors",
        dependencies: ["NukeImaging", "CNukeProcessors"],
        testDependencies: ["CNukeProcessors", "NukeImaging", "NukeProcessorSpec"],
        testResources: [.copy("Goldens"), .copy("PillowReferences")]
    ),
    Module(
        name: "NukeFilters",
        path: "Plugins/Processors/NukeFilters",
        dependencies: ["NukeImaging"],
        testDependencies: ["NukeImaging", "NukeProcessorSpec"],
        testResources: [.copy("Goldens")]
    ),
    // Loaders.
    Module(
        name: "NukeCurl",
        path: "Plugins/Loaders/Curl/NukeCurl",
        dependencies: ["NukeHTTP", "NukeRemoteCaching", "CNukeCurl"],
        testDependencies: ["NukeHTTP", "NukeDiskCache"]
    ),
    Module(
        name: "NukeURLSession",
        path: "Plugins/Loaders/URLSession/NukeURLSession",
        dependencies: ["NukeHTTP"],
        testDependencies: ["NukeHTTP"]
    ),
    // Caches.
    Module(
        name: "NukeDiskCache",
        path: "Plugins/Caches/Disk/NukeDiskCache",
        dependencies: ["NukeHTTP"],
        testDependencies: ["DataCacheCrashWriter", "NukeHTTP"]
    ),
    Module(
        name: "NukeRedis",
        path: "Plugins/Caches/Redis/NukeRedis",
        dependencies: ["NukeRemoteCaching", "CNukeRedis"],
        testDependencies: ["NukeDiskCache"]
    ),
    // `import Nuke`: NukeCore, the support modules and every default plugin, with
    // `ImagePipeline.shared` configured.
    Module(
        name: "Nuke",
        path: "Sources/Nuke",
        dependencies: [
            "NukeImaging", "NukeHTTP", "NukeProcessorSpec", "NukePrefetching",
            "NukeJPEG", "NukePNG", "NukeGIF", "NukeWebP", "NukeAVIF", "NukeHEIF", "NukeJXL", "NukeTIFF", "NukeBMP",
            "NukeSVG", "NukeJPEG2000", "NukeLCMS",
            "NukeProcessors", "NukeFilters", "NukeCurl", "NukeDiskCache",
        ],
        testResources: [.copy("Photos")]
    ),
    // The loopback HTTP server and the GIF and animated-WebP writers: the demo serves its gallery
    // with them and the tests their fixtures (NukeTestSupport re-exports it).
    Module(
        name: "NukeLoopback",
        path: "Sources/NukeLoopback",
        dependencies: ["NukeHTTP"],
        isProduct: false,
        testDependencies: ["NukeGIF", "NukeWebP"]
    ),
]

// MARK: - C targets (never products)

let cTargets: [Target] = [
    .systemLibrary(
        name: "CNukeLibJPEG",
        path: "Plugins/Decoders/JPEG/CNukeLibJPEG",
        pkgConfig: "libjpeg",
        providers: [.apt(["libjpeg62-turbo-dev"]), .yum(["libjpeg-turbo-devel"])]
    ),
    .target(name: "CNukeJPEG", dependencies: ["CNukeLibJPEG"], path: "Plugins/Decoders/JPEG/CNukeJPEG"),
    // giflib ships no pkg-config file upstream (Debian adds one); the module map links it by name.
    .systemLibrary(
        name: "CNukeLibGIF",
        path: "Plugins/Decoders/GIF/CNukeLibGIF",
        providers: [.apt(["libgif-dev"]), .yum(["giflib-devel"])]
    ),
    .target(
        name: "CNukeGIF",
        dependencies: ["CNukeLibGIF"],
        path: "Plugins/Decoders/GIF/CNukeGIF",
        linkerSettings: [.linkedLibrary("gif")]
    ),
    .systemLibrary(
        name: "CNukeLibWebP",
        path: "Plugins/Decoders/WebP/CNukeLibWebP",
        pkgConfig: "libwebpdemux",
        providers: [.apt(["libwebp-dev"]), .yum(["libwebp-devel"])]
    ),
    // libavif's pkg-config file adds -DAVIF_DLL, a flag SwiftPM refuses; the module map links it by name.
    .systemLibrary(
        name: "CNukeLibAVIF",
        path: "Plugins/Decoders/AVIF/CNukeLibAVIF",
        providers: [.apt(["libavif-dev"]), .yum(["libavif-devel"])]
    ),
    .systemLibrary(
        name: "CNukeLibHEIF",
        path: "Plugins/Decoders/HEIF/CNukeLibHEIF",
        pkgConfig: "libheif",
        providers: [.apt(["libheif-dev"]), .yum(["libheif-devel"])]
    ),
    // libjxl's pkg-config file adds -DHWY_SHARED_DEFINE, a flag SwiftPM refuses; linked by name.
    .systemLibrary(
        name: "CNukeLibJXL",
        path: "Plugins/Decoders/JXL/CNukeLibJXL",
        providers: [.apt(["libjxl-dev"]), .yum(["libjxl-devel"])]
    ),
    .systemLibrary(
        name: "CNukeLibTIFF",
        path: "Plugins/Decoders/TIFF/CNukeLibTIFF",
        pkgConfig: "libtiff-4",
        providers: [.apt(["libtiff-dev"]), .yum(["libtiff-devel"])]
    ),
    // libtiff's memory reader and its variadic error handlers, which only C can write.
    .target(
        name: "CNukeTIFF",
        dependencies: ["CNukeLibTIFF"],
        path: "Plugins/Decoders/TIFF/CNukeTIFF",
        linkerSettings: [.linkedLibrary("tiff")]
    ),
    .systemLibrary(
        name: "CNukeLibOpenJPEG",
        path: "Plugins/Decoders/JPEG2000/CNukeLibOpenJPEG",
        pkgConfig: "libopenjp2",
        providers: [.apt(["libopenjp2-7-dev"]), .yum(["openjpeg2-devel"])]
    ),
    // OpenJPEG's memory stream, its message callbacks and the components-to-RGBA pass.
    .target(
        name: "CNukeJPEG2000",
        dependencies: ["CNukeLibOpenJPEG"],
        path: "Plugins/Decoders/JPEG2000/CNukeJPEG2000",
        linkerSettings: [.linkedLibrary("openjp2")]
    ),
    // librsvg and cairo, called through prototypes of its own (their headers need include
    // folders SwiftPM is not given: their pkg-config files add -pthread, which it refuses); and
    // libxml2, whose headers it includes, for the sanitiser.
    .systemLibrary(
        name: "CNukeLibXML2",
        path: "Plugins/Decoders/SVG/CNukeLibXML2",
        pkgConfig: "libxml-2.0",
        providers: [.apt(["libxml2-dev"]), .yum(["libxml2-devel"])]
    ),
    .target(
        name: "CNukeSVG",
        dependencies: ["CNukeLibXML2"],
        path: "Plugins/Decoders/SVG/CNukeSVG",
        linkerSettings: [
            .linkedLibrary("xml2"),
            .linkedLibrary("rsvg-2"), .linkedLibrary("cairo"), .linkedLibrary("gio-2.0"),
            .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0"),
        ]
    ),
    .systemLibrary(
        name: "CNukeLibLCMS",
        path: "Plugins/ColorManagement/LCMS/CNukeLibLCMS",
        pkgConfig: "lcms2",
        providers: [.apt(["liblcms2-dev"]), .yum(["lcms2-devel"])]
    ),
    // The resampler's RGBA passes with AVX2; needs no library.
    .target(name: "CNukeProcessors", path: "Plugins/Processors/CNukeProcessors"),
    // The matrix/curve transform's pixel loop (plain C and AVX2); needs no library.
    .target(name: "CNukeLCMS", path: "Plugins/ColorManagement/LCMS/CNukeLCMS"),
    .systemLibrary(
        name: "CNukeLibPNG",
        path: "Plugins/Decoders/PNG/CNukeLibPNG",
        pkgConfig: "libpng",
        providers: [.apt(["libpng-dev"]), .yum(["libpng-devel"])]
    ),
    // zlib (which libpng is built on) for the chunk CRCs and `iCCP` compression of metadata editing.
    .target(
        name: "CNukePNG",
        dependencies: ["CNukeLibPNG"],
        path: "Plugins/Decoders/PNG/CNukePNG",
        linkerSettings: [.linkedLibrary("z")]
    ),
    .systemLibrary(
        name: "CNukeLibCurl",
        path: "Plugins/Loaders/Curl/CNukeLibCurl",
        pkgConfig: "libcurl",
        providers: [.apt(["libcurl4-openssl-dev"]), .yum(["libcurl-devel"])]
    ),
    .target(name: "CNukeCurl", dependencies: ["CNukeLibCurl"], path: "Plugins/Loaders/Curl/CNukeCurl"),
    .systemLibrary(
        name: "CNukeLibHiredis",
        path: "Plugins/Caches/Redis/CNukeLibHiredis",
        providers: [.apt(["libhiredis-dev"]), .yum(["hiredis-devel"])]
    ),
    .target(
        name: "CNukeRedis",
        dependencies: ["CNukeLibHiredis"],
        path: "Plugins/Caches/Redis/CNukeRedis",
        linkerSettings: [.linkedLibrary("hiredis")]
    ),
]

// MARK: - Test support and the command line

let supportTargets: [Target] = [
    // Mocks, the loader contract, nghttpd, the manual clock, hostile images: for tests only.
    .target(
        name: "NukeTestSupport",
        dependencies: ["NukeCore", "NukeImaging", "NukeHTTP", "NukeLoopback"],
        path: "Tests/NukeTestSupport"
    ),
    // The child process of NukeDiskCacheTests' crash test (test infrastructure, not a product).
    .executableTarget(
        name: "DataCacheCrashWriter",
        dependencies: ["NukeCore", "NukeDiskCache", "NukeTestSupport"],
        path: "Tests/DataCacheCrashWriter"
    ),
    // The `nuke` command: the only target that depends on another package (the library products
    // never do; Docs/Decisions/0012-umbrella-and-command-line.md).
    .executableTarget(
        name: "NukeCLI",
        dependencies: [
            "Nuke", "NukeURLSession", "NukeLoopback",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "Sources/NukeCLI"
    ),
    .testTarget(
        name: "NukeCLITests",
        dependencies: ["NukeCLI", "Nuke", "NukeTestSupport"],
        resources: [.copy("Fixtures")]
    ),
]

// MARK: - Package

let package = Package(
    name: "nuke-linux",
    products: modules.filter(\.isProduct).map { .library(name: $0.name, targets: [$0.name]) } + [
        .library(name: "NukeTestSupport", targets: ["NukeTestSupport"]),
        .executable(name: "nuke", targets: ["NukeCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: modules.map { module in
        .target(
            name: module.name,
            dependencies: (module.name == "NukeCore" ? [] : ["NukeCore"]) + module.dependencies,
            path: module.path
        )
    }
        + modules.map { module in
            .testTarget(
                name: "\(module.name)Tests",
                dependencies: [.target(name: module.name)] + (module.name == "NukeCore" ? [] : ["NukeCore"])
                    + ["NukeTestSupport"] + module.testDependencies,
                resources: module.testResources
            )
        }
        + cTargets
        + supportTargets
)

// MARK: - Settings applied to every Swift target

let strictSwiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

for target in package.targets where [.regular, .test, .executable].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSwiftSettings
}
