// swift-tools-version:6.0
// Benchmark harness: BBCode -> HTML and range JSON -> Markdown through mconv's readers and writers.
// Build it in release mode through bench.sh; it depends on the main package by path.
import PackageDescription

let package = Package(
    name: "bbcode-bench",
    dependencies: [.package(name: "mconv", path: "../..")],
    targets: [
        .executableTarget(
            name: "bbcode-bench",
            dependencies: [.product(name: "MarkupConverter", package: "mconv")]
        )
    ],
    swiftLanguageModes: [.v6]
)
