// swift-tools-version:6.1
// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
import PackageDescription

// MARK: - Modules
//
// One row = one module = one folder = one library product = one `<Name>Tests` target.
// Plugins depend on `NukeCore` and their own C targets only, never on each other.

struct Module {
    /// Module, product and folder name.
    var name: String
    /// Folder of the module's sources.
    var path: String
    /// Targets the module depends on besides `NukeCore`.
    var dependencies: [Target.Dependency] = []
    /// Resources bundled with the module's test target.
    var testResources: [Resource] = []
}

let coreModule = Module(name: "NukeCore", path: "Sources/NukeCore")

/// Plugin modules; later work adds rows here as each plugin gets real code.
let pluginModules: [Module] = [
    Module(
        name: "NukeJPEG",
        path: "Plugins/Decoders/JPEG/NukeJPEG",
        dependencies: ["CNukeJPEG"],
        testResources: [.copy("Fixtures")]
    ),
    Module(
        name: "NukeGIF",
        path: "Plugins/Decoders/GIF/NukeGIF",
        dependencies: ["CNukeGIF"],
        testResources: [.copy("Fixtures")]
    ),
    Module(
        name: "NukeWebP",
        path: "Plugins/Decoders/WebP/NukeWebP",
        dependencies: ["CNukeLibWebP"],
        testResources: [.copy("Fixtures")]
    ),
    Module(name: "NukeProcessors", path: "Plugins/Processors/NukeProcessors", testResources: [.copy("Goldens")]),
    Module(name: "NukeFilters", path: "Plugins/Processors/NukeFilters", testResources: [.copy("Goldens")]),
    Module(
        name: "NukePNG",
        path: "Plugins/Decoders/PNG/NukePNG",
        dependencies: ["CNukePNG"],
        testResources: [.copy("Fixtures")]
    ),
    Module(name: "NukeCurl", path: "Plugins/Loaders/Curl/NukeCurl", dependencies: ["CNukeCurl"]),
    Module(name: "NukeURLSession", path: "Plugins/Loaders/URLSession/NukeURLSession"),
]

// MARK: - C targets (never products)

let cTargets: [Target] = [
    .systemLibrary(
        name: "CNukeLibJPEG",
        path: "Plugins/Decoders/JPEG/CNukeLibJPEG",
        pkgConfig: "libjpeg",
        providers: [.apt(["libjpeg62-turbo-dev"])]
    ),
    .target(name: "CNukeJPEG", dependencies: ["CNukeLibJPEG"], path: "Plugins/Decoders/JPEG/CNukeJPEG"),
    // giflib ships no pkg-config file upstream (Debian adds one); the module map links it by name.
    .systemLibrary(name: "CNukeLibGIF", path: "Plugins/Decoders/GIF/CNukeLibGIF", providers: [.apt(["libgif-dev"])]),
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
        providers: [.apt(["libwebp-dev"])]
    ),
    .systemLibrary(
        name: "CNukeLibPNG",
        path: "Plugins/Decoders/PNG/CNukeLibPNG",
        pkgConfig: "libpng",
        providers: [.apt(["libpng-dev"])]
    ),
    .target(name: "CNukePNG", dependencies: ["CNukeLibPNG"], path: "Plugins/Decoders/PNG/CNukePNG"),
    .systemLibrary(
        name: "CNukeLibCurl",
        path: "Plugins/Loaders/Curl/CNukeLibCurl",
        pkgConfig: "libcurl",
        providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .target(name: "CNukeCurl", dependencies: ["CNukeLibCurl"], path: "Plugins/Loaders/Curl/CNukeCurl"),
]

// MARK: - The umbrella and the command line

/// `import Nuke`: NukeCore and every default plugin, with `ImagePipeline.shared` configured.
let umbrellaModule = Module(
    name: "Nuke",
    path: "Sources/Nuke",
    dependencies: ["NukeJPEG", "NukePNG", "NukeGIF", "NukeWebP", "NukeProcessors", "NukeFilters", "NukeCurl"]
)

/// The `nuke` command. The only target that depends on another package (the library products
/// never do; Docs/Decisions/0012-umbrella-and-command-line.md).
let commandLineTarget: Target = .executableTarget(
    name: "NukeCLI",
    dependencies: [
        "Nuke", "NukeURLSession", "NukeLoopback",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ],
    path: "Sources/NukeCLI"
)

// MARK: - Package

let package = Package(
    name: "nuke-linux",
    products: [
        .library(name: coreModule.name, targets: [coreModule.name]),
        .library(name: umbrellaModule.name, targets: [umbrellaModule.name]),
        .library(name: "NukeTestSupport", targets: ["NukeTestSupport"]),
        .executable(name: "nuke", targets: ["NukeCLI"]),
    ] + pluginModules.map { .library(name: $0.name, targets: [$0.name]) },
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .target(name: coreModule.name, path: coreModule.path),
        .target(
            name: umbrellaModule.name,
            dependencies: ["NukeCore"] + umbrellaModule.dependencies,
            path: umbrellaModule.path
        ),
        .testTarget(name: "NukeTests", dependencies: ["Nuke", "NukeTestSupport"]),
        commandLineTarget,
        .testTarget(
            name: "NukeCLITests",
            dependencies: ["NukeCLI", "Nuke", "NukeTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        // The loopback HTTP server and the GIF and animated-WebP writers: the demo serves its
        // gallery with them and the tests their fixtures (NukeTestSupport re-exports it). Not a product.
        .target(name: "NukeLoopback", dependencies: ["NukeCore"], path: "Sources/NukeLoopback"),
        .testTarget(name: "NukeLoopbackTests", dependencies: ["NukeLoopback", "NukeCore", "NukeGIF", "NukeWebP"]),
        .target(name: "NukeTestSupport", dependencies: ["NukeCore", "NukeLoopback"], path: "Tests/NukeTestSupport"),
        .testTarget(name: "NukeCoreTests", dependencies: ["NukeCore", "NukeTestSupport", "DataCacheCrashWriter"]),
        // The child process of NukeCoreTests' disk-cache crash test (test infrastructure, not a product).
        .executableTarget(
            name: "DataCacheCrashWriter",
            dependencies: ["NukeCore", "NukeTestSupport"],
            path: "Tests/DataCacheCrashWriter"
        ),
    ]
        + cTargets
        + pluginModules.map { module in
            .target(name: module.name, dependencies: ["NukeCore"] + module.dependencies, path: module.path)
        }
        + pluginModules.map { module in
            .testTarget(
                name: "\(module.name)Tests",
                dependencies: [.target(name: module.name), "NukeCore", "NukeTestSupport"],
                resources: module.testResources
            )
        }
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
