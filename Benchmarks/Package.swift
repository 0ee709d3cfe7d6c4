// swift-tools-version:6.1
// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
import PackageDescription

// A separate package so the library itself has no benchmark dependencies.
// Run: swift run -c release --package-path Benchmarks nuke-benchmarks
let package = Package(
    name: "NukeBenchmarks",
    dependencies: [.package(name: "nuke-linux", path: "..")],
    targets: [
        .executableTarget(
            name: "nuke-benchmarks",
            dependencies: [
                .product(name: "NukeCore", package: "nuke-linux"),
                .product(name: "NukeImaging", package: "nuke-linux"),
                .product(name: "NukeHTTP", package: "nuke-linux"),
                .product(name: "NukeDiskCache", package: "nuke-linux"),
                .product(name: "NukeTestSupport", package: "nuke-linux"),
                .product(name: "NukeJPEG", package: "nuke-linux"),
                .product(name: "NukePNG", package: "nuke-linux"),
                .product(name: "NukeGIF", package: "nuke-linux"),
                .product(name: "NukeWebP", package: "nuke-linux"),
                .product(name: "NukeAVIF", package: "nuke-linux"),
                .product(name: "NukeHEIF", package: "nuke-linux"),
                .product(name: "NukeJXL", package: "nuke-linux"),
                .product(name: "NukeTIFF", package: "nuke-linux"),
                .product(name: "NukeBMP", package: "nuke-linux"),
                .product(name: "NukeSVG", package: "nuke-linux"),
                .product(name: "NukeJPEG2000", package: "nuke-linux"),
                .product(name: "NukeLCMS", package: "nuke-linux"),
                .product(name: "NukeProcessors", package: "nuke-linux"),
                .product(name: "NukeFilters", package: "nuke-linux"),
                .product(name: "NukeCurl", package: "nuke-linux"),
                .product(name: "NukeURLSession", package: "nuke-linux"),
                .product(name: "NukeRedis", package: "nuke-linux"),
            ],
            path: "Sources/NukeBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
