// swift-tools-version:6.0
// reelshare: pre-flight checks and share payloads for Meta's Reels and Stories composers.
//
// Layers (each depends only on the ones above it):
//   CFFmpeg, CImageLibs, CLibWebP, CLibHeif, CLibZip
//                                system libraries found through pkg-config
//   CReelShareIO                 the shims' shared byte reading and EINTR-safe writing, and output
//                                files: unnamed until whole, removed on a signal (a leaf)
//   CReelShareAV, CReelShareImage, CReelShareStream, CReelShareZip
//                                C shims with a flat rs_* API; all C pointers stay here
//   ReelShareKit                 pure Swift: media model, format sniffing, targets, rules, JSON;
//                                in folders by concept (Media, Targets, Rules, Fixes, Payloads,
//                                Doctor, Encoding); the built-in target profiles are its
//                                Targets/Profiles/*.json, embedded at build time by the
//                                EmbedProfiles plugin
//   ReelShareMedia               the one Swift layer over the shims; hands up ReelShareKit values
//   ReelShareCLI                 arguments, commands, renderers, exit codes
//   reelshare                    the executable: main.swift only
import PackageDescription

// The C shims: all warnings, and in release builds libc's fortified calls (as Debian builds C).
let warnings: [CSetting] = [
    .unsafeFlags(["-Wall", "-Wextra", "-Wno-unused-parameter"]),
    .define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release)),
]

let package = Package(
    name: "reelshare",
    products: [
        .executable(name: "reelshare", targets: ["reelshare"])
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            path: "Sources/CFFmpeg",
            pkgConfig: "libavformat",
            providers: [
                .apt([
                    "libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libavfilter-dev",
                    "libswresample-dev",
                ]),
                .brew(["ffmpeg"]),
            ]
        ),
        .systemLibrary(
            name: "CImageLibs",
            path: "Sources/CImageLibs",
            pkgConfig: "libpng",
            providers: [
                .apt(["libpng-dev", "libjpeg-dev"]),
                .brew(["libpng", "jpeg-turbo"]),
            ]
        ),
        .systemLibrary(
            name: "CLibWebP",
            path: "Sources/CLibWebP",
            pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        // HEIF, HEIC and AVIF: libheif, with its HEVC and AV1 decoders (libde265, dav1d or libaom).
        .systemLibrary(
            name: "CLibHeif",
            path: "Sources/CLibHeif",
            pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"]), .brew(["libheif"])]
        ),
        .systemLibrary(
            name: "CLibZip",
            path: "Sources/CLibZip",
            pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"]), .brew(["libzip"])]
        ),
        // The byte reading, EINTR-safe writing and file checks every shim shares (a leaf).
        .target(name: "CReelShareIO", cSettings: warnings),
        .target(
            name: "CReelShareAV",
            dependencies: ["CFFmpeg", "CReelShareIO", "CReelShareImage"],
            cSettings: warnings,
            // The module map's link lines reach only Swift importers; C objects need them here.
            linkerSettings: [
                .linkedLibrary("avformat"), .linkedLibrary("avcodec"), .linkedLibrary("avutil"), .linkedLibrary("swscale"),
                // libavfilter is loaded when fix first filters (rs_avfilter.c); dlopen is in libdl before glibc 2.34.
                .linkedLibrary("dl", .when(platforms: [.linux])),
            ]
        ),
        .target(
            name: "CReelShareImage",
            dependencies: ["CImageLibs", "CLibWebP", "CLibHeif", "CReelShareIO"],
            cSettings: warnings,
            linkerSettings: [
                .linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("webpdemux"), .linkedLibrary("webp"),
                .linkedLibrary("heif"),
                // zlib's raw inflate, for Apple's CgBI PNG (libpng depends on zlib too).
                .linkedLibrary("z"),
            ]
        ),
        // The payload's base64 and its SHA-256 (rs_sha256: no cryptography library linked).
        .target(name: "CReelShareStream", dependencies: ["CReelShareIO"], cSettings: warnings),
        // An app's archive (.apk, .aab, .ipa) read through libzip, entries into memory only.
        .target(
            name: "CReelShareZip",
            dependencies: ["CLibZip", "CReelShareIO"],
            cSettings: warnings,
            linkerSettings: [.linkedLibrary("zip")]
        ),
        .target(name: "ReelShareKit", exclude: ["Targets/Profiles", "Doctor/SharePlugins"], plugins: ["EmbedProfiles"]),
        .executableTarget(name: "reelshare-embed-profiles"),
        .plugin(name: "EmbedProfiles", capability: .buildTool(), dependencies: ["reelshare-embed-profiles"]),
        .target(
            name: "ReelShareMedia",
            dependencies: [
                "ReelShareKit", "CReelShareIO", "CReelShareAV", "CReelShareImage", "CReelShareStream", "CReelShareZip",
            ]
        ),
        .target(
            name: "ReelShareCLI",
            dependencies: ["ReelShareKit", "ReelShareMedia"]
        ),
        .executableTarget(
            name: "reelshare",
            dependencies: ["ReelShareCLI"]
        ),
        .executableTarget(
            name: "reelshare-bench",
            dependencies: ["ReelShareMedia", "ReelShareKit"]
        ),
        // What the tests need of the C library that Swift's Glibc module does not show.
        .target(name: "CReelShareTestSupport", path: "Tests/CSupport", cSettings: warnings),
        .target(
            name: "ReelShareTestSupport",
            dependencies: ["CReelShareTestSupport"],
            path: "Tests/Support"
        ),
        .testTarget(
            name: "ReelShareKitTests",
            dependencies: ["ReelShareKit", "ReelShareTestSupport"]
        ),
        .testTarget(
            name: "ReelShareMediaTests",
            dependencies: [
                "ReelShareMedia", "ReelShareKit", "ReelShareTestSupport", "CReelShareAV", "CReelShareImage",
                "CReelShareStream", "CReelShareIO",
            ]
        ),
        .testTarget(
            name: "ReelShareCLITests",
            dependencies: ["ReelShareCLI", "ReelShareKit", "ReelShareMedia", "ReelShareTestSupport", "CReelShareTestSupport"]
        ),
        .testTarget(
            name: "ReelShareEndToEndTests",
            dependencies: ["ReelShareTestSupport"]
        ),
    ]
)
