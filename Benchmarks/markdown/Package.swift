// swift-tools-version:6.0
// Benchmark harness: Markdown -> HTML through mconv's MarkdownReader and HTMLWriter.
// Build it in release mode through bench.sh; it depends on the main package by path.
import PackageDescription

let package = Package(
    name: "markdown-bench",
    dependencies: [.package(name: "mconv", path: "../..")],
    targets: [
        .executableTarget(
            name: "markdown-bench",
            dependencies: [
                .product(name: "MarkupConverter", package: "mconv"),
                .product(name: "MarkupAST", package: "mconv"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
