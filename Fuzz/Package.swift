// swift-tools-version:6.0
// libFuzzer targets for mconv. Build only with the fuzzer sanitizer (see README.md):
//   swift build --product fuzz-html-markdown -Xswiftc -sanitize=fuzzer,address
// Each target defines LLVMFuzzerTestOneInput, and the entry SwiftPM links as `main` on Linux
// (`<module>_main`) hands it to libFuzzer's driver (LLVMFuzzerRunDriver).
import PackageDescription

/// The fuzz targets: product, target and folder name (`fuzz-FROM-TO`).
let fuzzTargets: [String] = [
    "fuzz-html-markdown",
    "fuzz-html-styled",
    "fuzz-bbcode-html",
    "fuzz-rangejson-markdown",
    "fuzz-markdown-html",
    "fuzz-json-html",
    "fuzz-roundtrip-html-markdown",
    "fuzz-roundtrip-bbcode-html",
    "fuzz-roundtrip-markdown",
]

let package = Package(
    name: "mconv-fuzz",
    platforms: [.macOS(.v13)],
    products: fuzzTargets.map { .executable(name: $0, targets: [$0]) },
    dependencies: [.package(name: "mconv", path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: ["CFuzzerDriver", .product(name: "MarkupConverter", package: "mconv")]
        ),
    ] + fuzzTargets.map {
        .executableTarget(
            name: $0,
            dependencies: ["FuzzSupport", .product(name: "MarkupConverter", package: "mconv")],
            path: "Sources/\($0)",
            // The one source file declares its entry with @_cdecl, not as top-level code.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    },
    swiftLanguageModes: [.v6]
)
