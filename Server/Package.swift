// swift-tools-version:6.2
// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
import PackageDescription

// A separate package so the libraries keep their single dependency: the image proxy
// (`nuke-server`) and the Hummingbird responder it is built from (`NukeHummingbird`).
// Run: swift run -c release --package-path Server nuke-server --help
let package = Package(
    name: "NukeServer",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "NukeProxy", targets: ["NukeProxy"]),
        .library(name: "NukeHummingbird", targets: ["NukeHummingbird"]),
        .library(name: "NukeObservability", targets: ["NukeObservability"]),
        .executable(name: "nuke-server", targets: ["NukeServer"]),
    ],
    dependencies: [
        .package(name: "nuke-linux", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: []),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.3.1"),
        // OTLP over HTTP only: the gRPC exporter's packages are not built.
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
    ],
    targets: [
        .target(
            name: "NukeProxy",
            dependencies: [
                .product(name: "Nuke", package: "nuke-linux"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "NukeHummingbird",
            dependencies: [
                "NukeProxy",
                .product(name: "Nuke", package: "nuke-linux"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "NukeObservability",
            dependencies: [
                .product(name: "Nuke", package: "nuke-linux"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "NukeServer",
            dependencies: [
                "NukeHummingbird",
                "NukeObservability",
                .product(name: "Nuke", package: "nuke-linux"),
                .product(name: "NukeRedis", package: "nuke-linux"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "NukeProxyTestSupport",
            dependencies: [
                "NukeProxy",
                .product(name: "Nuke", package: "nuke-linux"),
                .product(name: "NukeTestSupport", package: "nuke-linux"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            path: "Tests/NukeProxyTestSupport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "NukeProxyTests",
            dependencies: [
                "NukeProxy",
                "NukeProxyTestSupport",
                .product(name: "Nuke", package: "nuke-linux"),
                .product(name: "NukeTestSupport", package: "nuke-linux"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "NukeHummingbirdTests",
            dependencies: [
                "NukeHummingbird",
                "NukeProxy",
                "NukeProxyTestSupport",
                .product(name: "Nuke", package: "nuke-linux"),
                .product(name: "NukeTestSupport", package: "nuke-linux"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "NukeObservabilityTests",
            dependencies: [
                "NukeObservability",
                .product(name: "Nuke", package: "nuke-linux"),
                .product(name: "NukeTestSupport", package: "nuke-linux"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "NukeServerTests",
            dependencies: [
                "NukeServer",
                "NukeHummingbird",
                .product(name: "Nuke", package: "nuke-linux"),
                .product(name: "NukeTestSupport", package: "nuke-linux"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            exclude: ["OTLP/otlp-receiver.py"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
