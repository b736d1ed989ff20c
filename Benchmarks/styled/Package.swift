// swift-tools-version:6.0
import Foundation
import PackageDescription

// A path dependency's identity is its folder name (the clone's directory).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// Release-build harness: `swift run -c release --package-path Benchmarks/styled`.
let package = Package(
    name: "StyledBench",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "StyledBench",
            dependencies: [
                .product(name: "StyledText", package: root),
                .product(name: "MarkupAST", package: root),
                .product(name: "HTML5Parser", package: root),
                .product(name: "MarkupConverter", package: root),
            ],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
