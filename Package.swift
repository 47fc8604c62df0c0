// swift-tools-version: 6.2
import PackageDescription

/// Linker flags that link these C libraries from their static archives (Debian's -dev packages
/// ship them). Every command starts with them loaded, and dynamic loading of libX11 and its
/// dependencies, libsqlite3 and libsodium (and libpcre2-8, which only regular-expression
/// searches use) cost about 0.8 ms and 64 page faults per start
/// (docs/DESIGN.md §1, BENCHMARKS.md). libxkbcommon has no archive in Debian and stays shared
/// (its module map links it).
func linkedStatically(_ libraries: [String], then dynamic: [String] = []) -> [LinkerSetting] {
    let archives = libraries.flatMap { ["-Xlinker", "-l\($0)"] }
    return [.unsafeFlags(["-Xlinker", "-Bstatic"] + archives + ["-Xlinker", "-Bdynamic"] + dynamic.map { "-l\($0)" })]
}

/// Every target of ours builds with warnings as errors: the code has none, and a new one fails
/// the build (`make lint` checks the formatting). Each function gets a section of its own, so that
/// the linker can place the daemon's functions together (`ordered` below). Dependencies keep their
/// own settings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error), .unsafeFlags(["-Xfrontend", "-function-sections"])]

/// How the executable is linked (docs/DESIGN.md §1): with lld, not position-independent, with
/// libstdc++ from its archive, exporting no symbols, and with the functions the daemon runs placed
/// first, in the order of `linking/daemon.order`.
///
/// - Not position-independent: a PIE applied 45,000 relative relocations at every start (1 MiB
///   of `.rela.dyn` read, the pages they wrote made private); a fixed address needs none.
/// - The Swift runtime uses 25 functions of libstdc++; loading the shared library kept 0.9 MiB
///   of it resident (its symbol tables and relocations). `linking/libstdc++.so` is a linker
///   script that names the archive instead, found first through `-L linking`.
/// - The toolchain exports every symbol of an executable (`-export-dynamic`, for `dladdr`);
///   nothing loads a library that would use them, and the symbol tables cost 0.3 MiB per process.
/// - The order list: the kernel maps 64 KiB of a file around each page fault, so a daemon whose
///   hot code lies scattered over 12 MiB of `.text` keeps most of it resident. Placed together,
///   the functions it runs span about 3 MiB. `make order` writes the list from a profile of the
///   daemon; a name the build no longer has is skipped, so a stale list costs memory, never
///   correctness. Functions without a symbol, which no list can name, go together before
///   `.text` (`linking/text.ld`).
let ordered: [LinkerSetting] = [
    .unsafeFlags([
        "-use-ld=lld", "-Xclang-linker", "-no-pie", "-L", "\(Context.packageDirectory)/linking",
        "-Xlinker", "--no-export-dynamic",
        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/linking/daemon.order",
        "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "-T", "-Xlinker", "\(Context.packageDirectory)/linking/text.ld",
    ])
]

/// libX11 and the X libraries it needs, in link order.
let x11Libraries = ["Xtst", "XRes", "Xss", "Xext", "Xfixes", "X11", "xcb", "Xau", "Xdmcp"]

let package = Package(
    name: "copypasta",
    products: [
        .executable(name: "copypasta", targets: ["copypasta"]),
        .executable(name: "copypasta-picker", targets: ["copypasta-picker"]),
        .executable(name: "copypasta-archive", targets: ["copypasta-archive"]),
        .executable(name: "copypasta-ai", targets: ["copypasta-ai"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CX11",
            providers: [.apt(["libx11-dev", "libxfixes-dev", "libxtst-dev", "libxres-dev", "libxss-dev", "libxkbcommon-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CSodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CPCRE2", providers: [.apt(["libpcre2-dev"])]),
        // gumbo, the HTML5 parser, and iconv (glibc) for CopypastaHTML (docs/DESIGN.md, "HTML pages"): linked
        // from libgumbo.a, so no command that does not parse HTML loads anything of it.
        // The CLI links it too, for bookmark files only (CopypastaBookmarks, docs/DESIGN.md "Bookmark import").
        .systemLibrary(name: "CGumbo", providers: [.apt(["libgumbo-dev"])]),
        .systemLibrary(name: "CSystem"),
        // libcurl for the processes that fetch (copypasta-archive, copypasta-ai): never linked
        // into copypasta, so neither the daemon nor a command loads it (docs/DESIGN.md §1).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // Pango, Cairo, Xlib and RandR for the picker window only (docs/DESIGN.md §16): no other
        // target links them, so they never load into the daemon or the other commands.
        .systemLibrary(
            name: "CPicker", pkgConfig: "pangocairo cairo-xlib x11 xrandr",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "libxrandr-dev"])]),
        .target(
            name: "CopypastaCore", dependencies: ["CSodium"], swiftSettings: strict,
            linkerSettings: linkedStatically(["sodium"])),
        .target(
            name: "CopypastaBookmarks", dependencies: ["CopypastaCore", "CGumbo"], swiftSettings: strict,
            linkerSettings: linkedStatically(["gumbo"])),
        .target(name: "CopypastaSystem", dependencies: ["CopypastaCore", "CSystem"], swiftSettings: strict),
        .target(
            name: "CopypastaSyncthing", dependencies: ["CopypastaCore", "CopypastaSystem", "CSystem"],
            swiftSettings: strict),
        .target(
            name: "CopypastaStore", dependencies: ["CopypastaCore", "CopypastaSystem", "CSQLite", "CPCRE2", "CSystem"],
            swiftSettings: strict, linkerSettings: linkedStatically(["sqlite3", "pcre2-8"], then: ["m"])),
        .target(
            name: "CopypastaX11", dependencies: ["CopypastaCore", "CX11"], swiftSettings: strict,
            linkerSettings: linkedStatically(x11Libraries)),
        .target(
            name: "CopypastaSync", dependencies: ["CopypastaCore", "CopypastaSystem", "CSodium", "CSystem"],
            swiftSettings: strict),
        .target(name: "CopypastaNet", dependencies: ["CCurl"], swiftSettings: strict),
        .target(
            name: "CopypastaHTML", dependencies: ["CGumbo"], swiftSettings: strict,
            linkerSettings: linkedStatically(["gumbo"])),
        .target(
            name: "CopypastaArchive",
            dependencies: ["CopypastaCore", "CopypastaSystem", "CopypastaStore", "CopypastaNet", "CopypastaHTML"],
            swiftSettings: strict),
        .executableTarget(
            name: "copypasta-archive", dependencies: ["CopypastaArchive", "CopypastaCore", "CopypastaSystem", "CopypastaStore"],
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
                "CopypastaSync", "CopypastaSyncthing", "CopypastaBookmarks", "CSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict, linkerSettings: ordered),
        .target(
            name: "CopypastaPicker",
            dependencies: ["CopypastaCore", "CopypastaSystem", "CopypastaStore", "CPicker", "CSystem"],
            swiftSettings: strict),
        .executableTarget(name: "copypasta-picker", dependencies: ["CopypastaPicker"], swiftSettings: strict),
        // The AI assistance (docs/DESIGN.md "AI assistance"): requests, replies, keys and storage
        // here; the HTTP library only in the `copypasta-ai` executable that `copypasta ai` execs.
        .target(
            name: "CopypastaAI", dependencies: ["CopypastaCore", "CopypastaSystem", "CopypastaStore", "CSystem"],
            swiftSettings: strict),
        .executableTarget(name: "copypasta-ai", dependencies: ["CopypastaAI", "CopypastaNet"], swiftSettings: strict),
        .target(
            name: "TestSupport", dependencies: ["CSystem", "CopypastaSystem", "CopypastaSyncthing"], path: "Tests/TestSupport",
            swiftSettings: strict),
        .executableTarget(
            name: "copypasta-testowner", dependencies: ["CX11"], path: "Tests/TestOwner", swiftSettings: strict,
            linkerSettings: linkedStatically(x11Libraries)),
        .executableTarget(
            name: "copypasta-testclient", dependencies: ["CX11"], path: "Tests/TestClient",
            swiftSettings: strict, linkerSettings: linkedStatically(x11Libraries)),
        .testTarget(name: "CopypastaCoreTests", dependencies: ["CopypastaCore"], swiftSettings: strict),
        .testTarget(
            name: "CopypastaAITests", dependencies: ["CopypastaAI", "CopypastaCore", "CopypastaStore", "TestSupport"],
            swiftSettings: strict),
        .testTarget(name: "CopypastaNetTests", dependencies: ["CopypastaNet", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "CopypastaHTMLTests", dependencies: ["CopypastaHTML", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "CopypastaArchiveTests",
            dependencies: ["CopypastaArchive", "CopypastaHTML", "CopypastaStore", "CopypastaCore", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "CopypastaPickerTests", dependencies: ["CopypastaPicker", "CopypastaCore", "CopypastaStore", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "CopypastaSystemTests", dependencies: ["CopypastaSystem", "CopypastaSyncthing", "TestSupport"],
            swiftSettings: strict),
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
            name: "CLITests", dependencies: ["TestSupport", "CopypastaStore", "CopypastaCore", "CopypastaBookmarks", "CSQLite"],
            swiftSettings: strict),
        .testTarget(
            name: "IntegrationTests", dependencies: ["TestSupport", "CopypastaSync", "CopypastaCore", "CopypastaStore"],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)

/// The fuzz targets (docs/DESIGN.md §10): one executable, `copypasta-fuzz TARGET`, that runs
/// libFuzzer over the parser TARGET names. It links libFuzzer, so it exists only when `make fuzz`
/// builds it (`COPYPASTA_FUZZ=1`, in a build path of its own with `-sanitize=fuzzer,address`);
/// other builds never see it, and nothing of it is linked into `copypasta`.
if Context.environment["COPYPASTA_FUZZ"] == "1" {
    package.targets += [
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(
            name: "copypasta-fuzz",
            dependencies: [
                "CLibFuzzer", "CopypastaCore", "CopypastaSystem", "CopypastaSyncthing", "CopypastaStore", "CopypastaSync",
                "CopypastaBookmarks", "CopypastaHTML",
            ],
            path: "Fuzz/Driver", swiftSettings: strict),
    ]
}

/// The HTML benchmark's driver (bench/html.py): `copypasta-htmlbench FILE RUNS` times parsing,
/// the readable article and the archived copy of a page. Only `make bench` builds it
/// (`COPYPASTA_BENCH=1`, in a build path of its own); no product or other target has it.
if Context.environment["COPYPASTA_BENCH"] == "1" {
    package.targets += [
        .executableTarget(
            name: "copypasta-htmlbench", dependencies: ["CopypastaHTML"], path: "bench/HTMLBench", swiftSettings: strict)
    ]
}
