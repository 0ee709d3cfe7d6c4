// swift-tools-version:6.2
// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
import PackageDescription

// A package of its own so that the libraries keep their single dependency and Hummingbird users
// do not build Vapor: the image proxy (NukeProxy, from Server/) served by a Vapor application.
let package = Package(
    name: "NukeVapor",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "NukeVapor", targets: ["NukeVapor"])
    ],
    dependencies: [
        .package(name: "nuke-linux", path: ".."),
        .package(name: "NukeServer", path: "../Server"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.3.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
    ],
    targets: [
        .target(
            name: "NukeVapor",
            dependencies: [
                .product(name: "NukeProxy", package: "NukeServer"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "NukeVaporTests",
            dependencies: [
                "NukeVapor",
                .product(name: "NukeProxy", package: "NukeServer"),
                .product(name: "Nuke", package: "nuke-linux"),
                .product(name: "NukeTestSupport", package: "nuke-linux"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
