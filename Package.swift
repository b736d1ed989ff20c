// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "mconv",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "MarkupAST", targets: ["MarkupAST"]),
        .library(name: "HTML5Parser", targets: ["HTML5Parser"]),
        .library(name: "HTMLFormat", targets: ["HTMLFormat"]),
        .library(name: "MarkdownFormat", targets: ["MarkdownFormat"]),
        .library(name: "BBCodeFormat", targets: ["BBCodeFormat"]),
        .library(name: "RangeJSONFormat", targets: ["RangeJSONFormat"]),
        .library(name: "PlainTextFormat", targets: ["PlainTextFormat"]),
        .library(name: "StyledText", targets: ["StyledText"]),
        .library(name: "MarkupConverter", targets: ["MarkupConverter"]),
        .executable(name: "mconv", targets: ["mconv"]),
        .executable(name: "mconv-conformance", targets: ["mconv-conformance"]),
    ],
    // `CMarkGFM` (on by default): Markdown input through the system's cmark-gfm. With it off
    // (`swift build --disable-default-traits`, or `traits: []` on the dependency) nothing links
    // a C library: MarkdownFormat keeps its writer, and reading Markdown throws an error that
    // names the trait. The HTML -> StyledText path never needs it.
    traits: [
        .trait(
            name: "CMarkGFM",
            description: "Markdown input through the system library cmark-gfm (libcmark-gfm)."),
        .default(enabledTraits: ["CMarkGFM"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "ByteScan"),
        .target(name: "MarkupAST"),
        .target(
            name: "HTML5Parser", dependencies: ["ByteScan"], exclude: ["generate-entities.py"]
        ),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [
                .apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"]),
            ]
        ),
        .target(name: "HTMLFormat", dependencies: ["MarkupAST", "HTML5Parser", "ByteScan"]),
        .target(
            name: "MarkdownFormat",
            dependencies: [
                "MarkupAST", "HTMLFormat", "ByteScan",
                .target(name: "CCmarkGFM", condition: .when(traits: ["CMarkGFM"])),
            ]
        ),
        .target(name: "PlainTextFormat", dependencies: ["MarkupAST"]),
        .target(name: "BBCodeFormat", dependencies: ["MarkupAST", "ByteScan"]),
        .target(name: "RangeJSONFormat", dependencies: ["MarkupAST", "ByteScan"]),
        .target(name: "StyledText", dependencies: ["MarkupAST", "ByteScan"]),
        .target(
            name: "MarkupConverter",
            dependencies: [
                "MarkupAST", "HTMLFormat", "MarkdownFormat", "PlainTextFormat",
                "BBCodeFormat", "RangeJSONFormat", "StyledText", "ByteScan",
            ]
        ),
        .executableTarget(
            name: "mconv",
            dependencies: [
                "MarkupConverter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "ConformanceKit",
            dependencies: ["MarkupConverter", "HTML5Parser", "MarkdownFormat", "HTMLFormat"]
        ),
        .executableTarget(
            name: "mconv-conformance",
            dependencies: [
                "ConformanceKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "mconv-bench",
            dependencies: ["MarkupConverter", "HTML5Parser", "StyledText"],
            path: "Benchmarks/Harness"
        ),
        .testTarget(name: "ByteScanTests", dependencies: ["ByteScan"]),
        .testTarget(name: "MarkupASTTests", dependencies: ["MarkupAST"]),
        .testTarget(name: "HTML5ParserTests", dependencies: ["HTML5Parser"]),
        .testTarget(name: "HTMLFormatTests", dependencies: ["HTMLFormat", "HTML5Parser", "MarkupAST"]),
        .testTarget(name: "MarkdownFormatTests", dependencies: ["MarkdownFormat", "MarkupAST", "ConformanceKit"]),
        .testTarget(name: "PlainTextFormatTests", dependencies: ["PlainTextFormat", "MarkupAST"]),
        .testTarget(name: "BBCodeFormatTests", dependencies: ["BBCodeFormat", "MarkupAST"]),
        .testTarget(name: "RangeJSONFormatTests", dependencies: ["RangeJSONFormat", "MarkupAST"]),
        .testTarget(name: "StyledTextTests", dependencies: ["StyledText", "MarkupAST", "MarkupConverter", "ConformanceKit"]),
        .testTarget(name: "MarkupConverterTests", dependencies: ["MarkupConverter", "MarkupAST", "BBCodeFormat", "HTMLFormat", "ConformanceKit"]),
        .testTarget(name: "mconvTests", dependencies: ["mconv"]),
        // The XSS corpus through every reader into HTML, re-parsed and checked for sinks.
        .testTarget(
            name: "SafetyTests", dependencies: ["MarkupConverter", "MarkupAST", "HTML5Parser"],
            exclude: ["xss-vectors.txt"]
        ),
        .testTarget(
            name: "DocExamplesTests",
            dependencies: [
                "MarkupAST", "HTML5Parser", "HTMLFormat", "MarkdownFormat", "PlainTextFormat",
                "BBCodeFormat", "RangeJSONFormat", "StyledText", "MarkupConverter", "ConformanceKit",
            ],
            exclude: ["extract.py"]
        ),
        // README.md's examples, against the library products' modules only (no other target).
        .testTarget(
            name: "ReadmeExamplesTests",
            dependencies: [
                "MarkupAST", "HTML5Parser", "HTMLFormat", "MarkdownFormat", "BBCodeFormat",
                "RangeJSONFormat", "PlainTextFormat", "StyledText", "MarkupConverter",
            ],
            // An example must import each module it uses, members included.
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        .testTarget(name: "ConformanceTests", dependencies: ["ConformanceKit", "mconv"]),
    ],
    swiftLanguageModes: [.v6]
)
