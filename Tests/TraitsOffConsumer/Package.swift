// swift-tools-version:6.1
// An app-like package that depends on mconv with its default traits off (no CMarkGFM, so no
// C library is linked): HTML -> StyledText must build and run, and Markdown input must say
// which trait it needs. `bash Tests/TraitsOffConsumer/run.sh` builds and runs it.
import PackageDescription

let package = Package(
    name: "TraitsOffConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "ConsumerKit", targets: ["ConsumerKit"])],
    dependencies: [.package(name: "mconv", path: "../..", traits: [])],
    targets: [
        .target(
            name: "ConsumerKit",
            dependencies: [
                .product(name: "HTMLFormat", package: "mconv"),
                .product(name: "MarkupAST", package: "mconv"),
                .product(name: "StyledText", package: "mconv"),
                .product(name: "MarkupConverter", package: "mconv"),
            ]),
        .executableTarget(name: "consumer", dependencies: ["ConsumerKit"]),
    ],
    swiftLanguageModes: [.v6]
)
