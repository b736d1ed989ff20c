// swift-tools-version:6.0
// Benchmark harness: HTML5Parser (tokenize + tree build + DOM) in-process timings.
// Build it in release mode through bench.sh; it depends on the main package by path.
import PackageDescription

let package = Package(
    name: "html5-bench",
    dependencies: [.package(name: "mconv", path: "../..")],
    targets: [
        .executableTarget(
            name: "html5-bench",
            dependencies: [.product(name: "HTML5Parser", package: "mconv")]
        )
    ],
    swiftLanguageModes: [.v6]
)
