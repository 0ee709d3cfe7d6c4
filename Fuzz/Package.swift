// swift-tools-version:6.1
// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
import PackageDescription

// libFuzzer targets for the decoders, the processor spec parser, the HTTP header parsers, the
// replies NukeRedis reads and the image proxy's URLs: a separate package so that the library is
// built with coverage and AddressSanitizer only here.
// Build and run: bash Fuzz/run.sh (Docs/Security.md, "Fuzzing").
let decoders = [
    "jpeg": "NukeJPEG", "png": "NukePNG", "gif": "NukeGIF", "webp": "NukeWebP", "avif": "NukeAVIF", "heif": "NukeHEIF",
    "jxl": "NukeJXL", "tiff": "NukeTIFF", "bmp": "NukeBMP",
    "svg": "NukeSVG", "jpeg2000": "NukeJPEG2000",
]

let package = Package(
    name: "NukeFuzz",
    dependencies: [.package(name: "nuke-linux", path: ".."), .package(name: "NukeServer", path: "../Server")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "NukeCore", package: "nuke-linux"),
                .product(name: "NukeImaging", package: "nuke-linux"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
        + decoders.sorted(by: { $0.key < $1.key }).map { name, module in
            .executableTarget(
                name: "fuzz-\(name)",
                dependencies: ["FuzzSupport", .product(name: module, package: "nuke-linux")],
                swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-parse-as-library"])]
            )
        }
        + [
            .executableTarget(
                name: "fuzz-processor-spec",
                dependencies: [
                    "FuzzSupport",
                    .product(name: "NukeProcessors", package: "nuke-linux"),
                    .product(name: "NukeFilters", package: "nuke-linux"),
                    .product(name: "NukeProcessorSpec", package: "nuke-linux"),
                ],
                swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-parse-as-library"])]
            ),
            .executableTarget(
                name: "fuzz-icc",
                dependencies: ["FuzzSupport", .product(name: "NukeLCMS", package: "nuke-linux")],
                swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-parse-as-library"])]
            ),
            .executableTarget(
                name: "fuzz-redis-reply",
                dependencies: [
                    .product(name: "NukeRedis", package: "nuke-linux"),
                    .product(name: "NukeRemoteCaching", package: "nuke-linux"),
                ],
                swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-parse-as-library"])]
            ),
            .executableTarget(
                name: "fuzz-proxy-url",
                dependencies: [
                    .product(name: "Nuke", package: "nuke-linux"),
                    .product(name: "NukeProxy", package: "NukeServer"),
                ],
                swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-parse-as-library"])]
            ),
            .executableTarget(
                name: "fuzz-http-headers",
                dependencies: [
                    "FuzzSupport",
                    .product(name: "NukeCore", package: "nuke-linux"),
                    .product(name: "NukeHTTP", package: "nuke-linux"),
                    .product(name: "NukeDiskCache", package: "nuke-linux"),
                ],
                swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-parse-as-library"])]
            ),
        ]
)
