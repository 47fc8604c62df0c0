// swift-tools-version: 6.2
import PackageDescription

/// Linker flags that link these C libraries from their static archives (Debian's -dev packages
/// ship them). Every command starts with them loaded, and dynamic loading of libX11 and its
/// dependencies, libsqlite3 and libsodium cost about 0.8 ms and 64 page faults per start
/// (docs/DESIGN.md §1, BENCHMARKS.md). libxkbcommon has no archive in Debian and stays shared
/// (its module map links it).
func linkedStatically(_ libraries: [String], then dynamic: [String] = []) -> [LinkerSetting] {
    let archives = libraries.flatMap { ["-Xlinker", "-l\($0)"] }
    return [.unsafeFlags(["-Xlinker", "-Bstatic"] + archives + ["-Xlinker", "-Bdynamic"] + dynamic.map { "-l\($0)" })]
}

/// Every target of ours builds with warnings as errors: the code has none, and a new one fails
/// the build (`make lint` checks the formatting). Dependencies keep their own settings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// libX11 and the X libraries it needs, in link order.
let x11Libraries = ["Xtst", "Xext", "Xfixes", "X11", "xcb", "Xau", "Xdmcp"]

let package = Package(
    name: "copypasta",
    products: [
        .executable(name: "copypasta", targets: ["copypasta"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        .systemLibrary(name: "CX11", providers: [.apt(["libx11-dev", "libxfixes-dev", "libxtst-dev", "libxkbcommon-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CSodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CSystem"),
        .target(
            name: "CopypastaCore", dependencies: ["CSodium"], swiftSettings: strict,
            linkerSettings: linkedStatically(["sodium"])),
        .target(name: "CopypastaSystem", dependencies: ["CopypastaCore", "CSystem"], swiftSettings: strict),
        .target(
            name: "CopypastaStore", dependencies: ["CopypastaCore", "CopypastaSystem", "CSQLite"],
            swiftSettings: strict, linkerSettings: linkedStatically(["sqlite3"], then: ["m"])),
        .target(
            name: "CopypastaX11", dependencies: ["CopypastaCore", "CX11"], swiftSettings: strict,
            linkerSettings: linkedStatically(x11Libraries)),
        .target(
            name: "CopypastaSync", dependencies: ["CopypastaCore", "CopypastaSystem", "CSodium", "CSystem"],
            swiftSettings: strict),
        .target(name: "CopypastaClient", dependencies: ["CopypastaCore", "CopypastaSystem", "CSystem"], swiftSettings: strict),
        .target(
            name: "CopypastaDaemon",
            dependencies: [
                "CopypastaCore", "CopypastaSystem", "CopypastaStore", "CopypastaSync", "CopypastaX11", "CSystem",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "copypasta",
            dependencies: [
                "CopypastaCore", "CopypastaSystem", "CopypastaStore", "CopypastaX11", "CopypastaClient", "CopypastaDaemon",
                "CopypastaSync", "CSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .target(
            name: "TestSupport", dependencies: ["CSystem", "CopypastaSystem"], path: "Tests/TestSupport", swiftSettings: strict),
        .executableTarget(
            name: "copypasta-testowner", dependencies: ["CX11"], path: "Tests/TestOwner", swiftSettings: strict,
            linkerSettings: linkedStatically(x11Libraries)),
        .executableTarget(
            name: "copypasta-testclient", dependencies: ["CX11"], path: "Tests/TestClient",
            swiftSettings: strict, linkerSettings: linkedStatically(x11Libraries)),
        .testTarget(name: "CopypastaCoreTests", dependencies: ["CopypastaCore"], swiftSettings: strict),
        .testTarget(name: "CopypastaSystemTests", dependencies: ["CopypastaSystem", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "CopypastaSyncTests", dependencies: ["CopypastaSync", "CopypastaCore", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "CopypastaStoreTests", dependencies: ["CopypastaStore", "CopypastaCore", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "CopypastaDaemonTests",
            dependencies: [
                "CopypastaDaemon", "CopypastaX11", "CopypastaStore", "CopypastaSync", "CopypastaCore", "CSQLite", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "CLITests", dependencies: ["TestSupport", "CopypastaStore", "CopypastaCore", "CSQLite"], swiftSettings: strict),
        .testTarget(name: "IntegrationTests", dependencies: ["TestSupport"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
