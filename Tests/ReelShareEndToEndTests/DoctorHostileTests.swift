// doctor on hostile archives and projects, as a process: 65 or a verdict within two seconds (a
// debug build beside other tests; three times that sanitized) and under 200 MB, whatever an
// archive, a resource table or a project's libraries claim; --timeout ends the rest.
import Foundation
import ReelShareTestSupport
import Testing

/// Python for the crafted projects: `put` writes a file (making its directories), `android_app`
/// an app module with an empty manifest, `library_manifest` a library's with `<queries>` packages.
private let projectMaker = """
    import json, os
    def put(path, text):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, 'w').write(text)
    def android_app(root):
        put(root + '/android/app/src/main/AndroidManifest.xml', '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.x"><application/></manifest>')
        put(root + '/android/app/build.gradle', 'apply plugin: "com.android.application"\\n')
    def library_manifest(package, packages):
        queries = ''.join('<package android:name="%s"/>' % name for name in packages)
        return '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="%s"><queries>%s</queries></manifest>' % (package, queries)

    """

@Suite("doctor on bad archives: data, not paths; 65 within two seconds (a debug build beside other tests) and under 200 MB")
struct DoctorHostileTests {
    /// Runs doctor on `file`, measured.
    private func doctor(_ file: String, in directory: URL) throws -> Measured {
        try measured(["doctor", "--target", "ig-reels", file], in: directory)
    }

    private func expectRefused(_ run: Measured, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.result.status == 65, "\(run.result.stderr)", sourceLocation: sourceLocation)
        #expect(run.result.stderr.contains(words), "\(run.result.stderr)", sourceLocation: sourceLocation)
        // 0.5 s in a release build; the floods took 18 and 33 s before.
        #expect(run.within(2) && run.peak(under: 200), "\(run.seconds) s, \(run.megabytes) MB", sourceLocation: sourceLocation)
        #expect(!run.result.crashed, sourceLocation: sourceLocation)
    }

    @Test("a zip bomb: a manifest that declares 40 MB, and one that declares 1 KB and inflates to 40 MB")
    func bombs() throws {
        let directory = try scratch("doctor-bomb")
        defer { try? FileManager.default.removeItem(at: directory) }
        try python(
            """
            import struct, zipfile
            zeros = bytes(40 << 20)
            with zipfile.ZipFile('declared.apk', 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('AndroidManifest.xml', zeros)
            # The same entry, its declared size rewritten to 1,000 in both headers.
            data = bytearray(open('declared.apk', 'rb').read())
            data[22:26] = struct.pack('<I', 1000)
            central = data.rfind(b'PK\\x01\\x02')
            data[central + 24:central + 28] = struct.pack('<I', 1000)
            open('lying.apk', 'wb').write(data)
            # An end record (ZIP64) that claims five million entries: refused before libzip indexes them.
            head = b'PK\\x03\\x04' + bytes(26)
            record = b'PK\\x06\\x06' + struct.pack('<QHHIIQQQQ', 44, 45, 45, 0, 0, 5000000, 5000000, 0, 0)
            locator = b'PK\\x06\\x07' + struct.pack('<IQI', 0, len(head), 1)
            end = b'PK\\x05\\x06' + struct.pack('<HHHHIIH', 0, 0, 0xFFFF, 0xFFFF, 0, 0xFFFFFFFF, 0)
            open('entries.apk', 'wb').write(head + record + locator + end)
            """, in: directory)
        expectRefused(try doctor("declared.apk", in: directory), "declared.apk: AndroidManifest.xml: declares 41943040 bytes")
        expectRefused(try doctor("lying.apk", in: directory), "lying.apk: AndroidManifest.xml:")
        expectRefused(
            try doctor("entries.apk", in: directory),
            "entries.apk: a damaged zip archive: it claims 5000000 entries, more than the 200000")
        // Names that climb out or start at the root are data: nothing is written anywhere.
        try zip(
            [
                ("../../escaped.txt", Array("x".utf8)), ("/tmp/reelshare-absolute.txt", Array("x".utf8)),
                ("AndroidManifest.xml", [1, 2]),
            ],
            to: directory.appendingPathComponent("names.apk"))
        expectRefused(try doctor("names.apk", in: directory), "names.apk: AndroidManifest.xml: not an AndroidManifest.xml")
        #expect(
            !FileManager.default.fileExists(
                atPath: directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("escaped.txt")
                    .path))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/reelshare-absolute.txt"))
    }

    @Test(
        "floods: 8,000,000 empty chunks in a resource table, 16,000,000 empty entries in resources.pb, a zip's second end record",
        .enabled(if: Tool.aapt, "aapt or android-framework-res is absent"))
    func floods() throws {
        let directory = try scratch("doctor-flood")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A real APK whose manifest refers to a string, its resources.arsc swapped for 64 MB of empty chunks.
        let apk = try aapt(
            manifest(queries: bothPackages, application: fileProvider() + appIdMetaData),
            strings: ["facebook_app_id": "1"], xml: ["file_paths"], in: directory)
        try python(
            """
            import struct, sys, zipfile
            junk = struct.pack('<HHI', 0x999, 8, 8) * ((64 << 20) // 8 - 2)
            with zipfile.ZipFile(sys.argv[1]) as source, zipfile.ZipFile('chunks.apk', 'w', zipfile.ZIP_DEFLATED) as z:
                for name in source.namelist():
                    data = struct.pack('<HHII', 2, 12, 12 + len(junk), 0) + junk if name == 'resources.arsc' else source.read(name)
                    z.writestr(name, data)
            """, [apk.path], in: directory)
        expectRefused(
            try doctor("chunks.apk", in: directory), "chunks.apk: resources.arsc: resource table: more than 200000 chunks")
        // An .aab whose manifest refers to a string, and whose table's one type holds 16M empty entries.
        let appId = protoElement(
            "meta-data",
            [
                ("name", "com.facebook.sdk.ApplicationId", nil, 0x0101_0003),
                ("value", "@string/x", protoReference(0x7f01_0000, "string/x"), 0x0101_0024),
            ])
        var table = Proto()
        table.message(2) { package in
            package.message(1) { $0.number(1, 0x7f) }
            package.message(3) { type in
                type.message(1) { $0.number(1, 1) }
                type.bytes += Array(repeating: [0x1a, 0x00], count: 16_000_000).flatMap { $0 }
            }
        }
        try zip(
            [
                ("base/manifest/AndroidManifest.xml", protoElement("manifest", [], [protoElement("application", [], [appId])])),
                ("base/resources.pb", table.bytes),
            ], to: directory.appendingPathComponent("entries.aab"))
        expectRefused(try doctor("entries.aab", in: directory), "entries.aab: base/resources.pb: Type: more than 500000 fields")
        // 250,000 entries (ZIP64), with a second end record in the comment that claims one: each
        // candidate libzip weighs is held to the limit.
        try python(
            """
            import struct, zlib
            name0, data = b'AndroidManifest.xml', b'x'
            crc, n = zlib.crc32(data), 250000
            local = struct.pack('<IHHHHHIIIHH', 0x04034b50, 20, 0, 0, 0, 0, crc, 1, 1, len(name0), 0) + name0 + data
            central = b''.join(struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 20, 20, 0, 0, 0, 0, crc, 1, 1, len(name), 0, 0, 0, 0, 0, 0) + name
                               for name in [name0] + [b'%07d' % i for i in range(1, n)])
            record = struct.pack('<IQHHIIQQQQ', 0x06064b50, 44, 45, 45, 0, 0, n, n, len(central), len(local))
            locator = struct.pack('<IIQI', 0x07064b50, 0, len(local) + len(central), 1)
            end = struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 22)
            fake = struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, 1, 1, 0, 0, 0)
            open('fake-end.apk', 'wb').write(local + central + record + locator + end + fake)
            """, in: directory)
        expectRefused(try doctor("fake-end.apk", in: directory), "fake-end.apk: a damaged zip archive: it claims 250000 entries")
    }

    @Test(
        "archives as an installer reads them: a name twice, a local header that disagrees with the central directory, entries that overlap, two apps in Payload/, a name of 65,535 bytes and 32,765 parts",
        .enabled(if: Tool.aapt, "aapt or android-framework-res is absent"))
    func ambiguous() throws {
        let directory = try scratch("doctor-ambiguous")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A real APK that passes, then the same with a second, failing manifest after the first:
        // which one Android runs is the question the 2013 "Master Key" bugs answered badly.
        let good = try aapt(
            manifest(queries: bothPackages, application: fileProvider()), xml: ["file_paths"], in: directory, name: "good.apk")
        #expect(try doctor("good.apk", in: directory).result.status == 0)
        let bad = try aapt(manifest(queries: "", application: ""), in: directory, name: "bad.apk")
        try python(
            """
            import struct, sys, warnings, zipfile
            warnings.simplefilter('ignore')
            with zipfile.ZipFile(sys.argv[1]) as g, zipfile.ZipFile(sys.argv[2]) as b:
                with zipfile.ZipFile('twice.apk', 'w', zipfile.ZIP_STORED) as z:
                    for name in g.namelist():
                        z.writestr(name, g.read(name))
                    z.writestr('AndroidManifest.xml', b.read('AndroidManifest.xml'))
                # The good APK stored, then its manifest's local header renamed, or its sizes changed.
                with zipfile.ZipFile('stored.apk', 'w', zipfile.ZIP_STORED) as z:
                    for name in g.namelist():
                        z.writestr(name, g.read(name))
            data = open('stored.apk', 'rb').read()
            first = data.find(b'AndroidManifest.xml')
            renamed = bytearray(data)
            renamed[first:first + 7] = b'Xndroid'
            open('renamed.apk', 'wb').write(renamed)
            resized = bytearray(data)
            header = data.rfind(b'PK\\x03\\x04', 0, first)
            resized[header + 18:header + 26] = struct.pack('<II', 4, 4)
            open('resized.apk', 'wb').write(resized)
            # The manifest hidden inside another entry's data: its central record points into
            # assets/carrier.bin, whose bytes are the manifest's local header and data (libzip
            # reads it through the central directory and sees nothing wrong).
            import io
            inner = io.BytesIO()
            with zipfile.ZipFile(sys.argv[1]) as g, zipfile.ZipFile(inner, 'w', zipfile.ZIP_STORED) as z:
                z.writestr('AndroidManifest.xml', g.read('AndroidManifest.xml'))
            with zipfile.ZipFile(inner) as z:
                hidden = z.getinfo('AndroidManifest.xml')
                carried = inner.getvalue()[:z.start_dir]
            with zipfile.ZipFile(sys.argv[1]) as g, zipfile.ZipFile('overlap.apk', 'w', zipfile.ZIP_STORED) as z:
                for name in g.namelist():
                    if name != 'AndroidManifest.xml':
                        z.writestr(name, g.read(name))
                z.writestr('assets/carrier.bin', carried)
                carrier = z.getinfo('assets/carrier.bin')
                hidden.header_offset = carrier.header_offset + 30 + len(carrier.filename.encode()) + len(carrier.extra)
                z.filelist.append(hidden)
                z.NameToInfo[hidden.filename] = hidden
            # A ZIP64 extra that declares a compressed size of 2^64 - 1 in both headers (the local
            # header's data-descriptor flag set): the sum with its offset overflows.
            with zipfile.ZipFile('huge.apk', 'w', zipfile.ZIP_STORED) as z:
                z.writestr('AndroidManifest.xml', b'x')
            data = bytearray(open('huge.apk', 'rb').read())
            central = data.rfind(b'PK\\x01\\x02')
            name_length, = struct.unpack('<H', data[central + 28:central + 30])
            extra = struct.pack('<HHQQ', 1, 16, 1, 0xFFFFFFFFFFFFFFFF)
            record = data[central:central + 46] + data[central + 46:central + 46 + name_length]
            record[20:28] = struct.pack('<II', 0xFFFFFFFF, 0xFFFFFFFF)
            record[30:32] = struct.pack('<H', len(extra))
            data[6:8] = struct.pack('<H', 8)
            end = data.rfind(b'PK\\x05\\x06')
            tail = bytearray(data[end:end + 22])
            tail[12:16] = struct.pack('<I', len(record) + len(extra))
            open('huge.apk', 'wb').write(bytes(data[:central]) + bytes(record) + extra + bytes(tail))
            plist = b'<?xml version="1.0"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>a</string></dict></plist>'
            with zipfile.ZipFile('two.ipa', 'w') as z:
                z.writestr('Payload/One.app/Info.plist', plist)
                z.writestr('Payload/Two.app/Info.plist', plist)
            with zipfile.ZipFile('long.ipa', 'w') as z:
                z.writestr('Payload/' + 'a/' * 32763 + 'b', b'x')
                z.writestr('Payload/One.app/Info.plist', plist)
            """, [good.path, bad.path], in: directory)
        expectRefused(
            try doctor("twice.apk", in: directory),
            "twice.apk: the entry \"AndroidManifest.xml\" appears twice: an installer refuses an archive with two entries of one name"
        )
        for name in ["renamed.apk", "resized.apk"] {
            expectRefused(
                try doctor(name, in: directory),
                "\(name): an entry's local header disagrees with the central directory (its name, method or sizes)")
        }
        expectRefused(
            try doctor("overlap.apk", in: directory),
            "overlap.apk: the entries \"assets/carrier.bin\" and \"AndroidManifest.xml\" overlap (they share bytes): an installer refuses such an archive"
        )
        let huge = try doctor("huge.apk", in: directory)
        #expect(huge.result.status == 65 && !huge.result.crashed, "\(huge.result.stderr)")
        expectRefused(
            try doctor("two.ipa", in: directory),
            "two.ipa: Payload/ holds 2 apps (One.app, Two.app): an installer takes an .ipa with one")
        expectRefused(try doctor("long.ipa", in: directory), "long.ipa: an entry's name is 65535 bytes, more than the 4096")
    }

    @Test(
        "a resource table whose one sparse type holds 15 million slots (60 MB), and a chain of 9 references: read in bounded time and memory",
        .enabled(if: Tool.aapt, "aapt or android-framework-res is absent"))
    func sparseTable() throws {
        let directory = try scratch("doctor-sparse")
        defer { try? FileManager.default.removeItem(at: directory) }
        let apk = try aapt(
            manifest(queries: bothPackages, application: fileProvider() + appIdMetaData),
            strings: ["facebook_app_id": "1"], xml: ["file_paths"], in: directory)
        let listed = try runCommand(["aapt", "dump", "resources", apk.path]).stdout
        let line = try #require(listed.split(separator: "\n").first { $0.contains(":string/facebook_app_id") })
        let id = try #require(
            line.split(separator: " ").first { $0.hasPrefix("0x7f") }.flatMap { UInt32($0.dropFirst(2), radix: 16) })
        // The table aapt wrote, its string type replaced by a sparse one: the App ID's slot, a
        // chain of 9 references from it (the resolver follows 8), the last a string, and 15
        // million slots that name entry 0xFFFF, sorted after them.
        try python(
            """
            import struct, sys, zipfile
            type_id, index = (int(sys.argv[2]) >> 16) & 0xFF, int(sys.argv[2]) & 0xFFFF
            def pool(strings):
                data = b''.join(bytes([len(s), len(s)]) + s + b'\\0' for s in strings)
                offsets, at = [], 0
                for s in strings:
                    offsets.append(at); at += len(s) + 3
                start = 28 + 4 * len(strings)
                body = struct.pack('<' + 'I' * len(strings), *offsets) + data
                body += bytes(-len(body) % 4)
                return struct.pack('<HHIIIIII', 1, 28, 28 + len(body), len(strings), 0, 0x100, start, 0) + body
            values = pool([b'1234567890'])
            types = pool([b't%d' % i for i in range(1, type_id)] + [b'string'])
            keys = pool([b'k%d' % i for i in range(10)])
            chain = [(index + i, 0x01, struct.unpack('<I', struct.pack('<I', (0x7f << 24) | (type_id << 16) | (index + i + 1)))[0]) for i in range(9)]
            entries, slots = b'', b''
            for n, (slot, kind, data) in enumerate(chain + [(index + 9, 0x03, 0)]):
                slots += struct.pack('<HH', slot, len(entries) // 4)
                entries += struct.pack('<HHI', 8, 0, n) + struct.pack('<HBBI', 8, 0, kind, data)
            extra = 15_000_000
            slots += struct.pack('<HH', 0xFFFF, 0) * extra
            count = len(slots) // 4
            header = 20 + 64
            start = header + len(slots)
            chunk = struct.pack('<HHIBBHII', 0x201, header, start + len(entries), type_id, 0x01, 0, count, start) + struct.pack('<I', 64) + bytes(60)
            chunk += slots + entries
            name = 'com.example.demo'.encode('utf-16-le').ljust(256, b'\\0')
            package_header = 288
            body = types + keys + chunk
            package = struct.pack('<HHII', 0x200, package_header, package_header + len(body), 0x7f) + name
            package += struct.pack('<IIIII', package_header, 0, package_header + len(types), 0, 0) + body
            table = struct.pack('<HHII', 2, 12, 12 + len(values) + len(package), 1) + values + package
            with zipfile.ZipFile(sys.argv[1]) as source, zipfile.ZipFile('sparse.apk', 'w', zipfile.ZIP_DEFLATED) as z:
                for entry in source.namelist():
                    z.writestr(entry, table if entry == 'resources.arsc' else source.read(entry))
            """, [apk.path, String(id)], in: directory)
        let run = try measured(["doctor", "--target", "fb-stories", "sparse.apk"], in: directory)
        #expect(!run.result.crashed && run.result.status == 1, "\(run.result.stderr)")
        // 9 references are one more than are followed: the App ID is not known, and not made up.
        #expect(run.result.stdout.contains("com.facebook.sdk.ApplicationId"), "\(run.result.stdout)")
        #expect(!run.result.stdout.contains("1234567890"), "\(run.result.stdout)")
        #expect(run.within(2) && run.peak(under: 200), "\(run.seconds) s, \(run.megabytes) MB")
    }

    @Test(
        "2,000 dependency names that reach one library (lib/., lib/./., …) and 2,000 Flutter plugins at one path: each library read once"
    )
    func oneLibraryManyNames() throws {
        let directory = try scratch("doctor-names")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Its manifest lists 2,000 packages: read 2,000 times, 4 million elements.
        try python(
            projectMaker + """
                library = library_manifest('lib', ['p%d' % i for i in range(2000)])
                for project in ['rn', 'flutter']:
                    android_app(project)
                put('rn/node_modules/lib/android/src/main/AndroidManifest.xml', library)
                os.makedirs('rn/node_modules/react-native', exist_ok=True)
                names = {'lib' + '/.' * (i + 1): '1' for i in range(2000)}
                put('rn/package.json', json.dumps({'dependencies': dict(names, **{'react-native': '0.74'})}))
                put('flutter/plugin/android/src/main/AndroidManifest.xml', library)
                put('flutter/pubspec.yaml', 'name: demo\\n')
                plugins = [{'name': 'p%d' % i, 'path': os.path.abspath('flutter/plugin') + '/.' * (i % 3) + '/'} for i in range(2000)]
                put('flutter/.flutter-plugins-dependencies', json.dumps({'plugins': {'android': plugins}}))
                """, in: directory)
        for project in ["rn", "flutter"] {
            let run = try measured(["doctor", "--format", "json", "--target", "ig-reels", project], in: directory)
            #expect(!run.result.crashed && [0, 1].contains(run.result.status), "\(project): \(run.result.stderr)")
            let app = resultsOf(run.result).first?["app"] as? [String: Any]
            #expect((app?["libraries"] as? [String])?.count == 1, "\(project): \(app ?? [:])")
            #expect(run.within(2) && run.peak(under: 200), "\(project): \(run.seconds) s, \(run.megabytes) MB")
        }
    }

    @Test(
        "--timeout: a project whose 300 libraries take seconds to merge gives up when the budget is spent, with 65 and no verdict"
    )
    func timeout() throws {
        let directory = try scratch("doctor-timeout")
        defer { try? FileManager.default.removeItem(at: directory) }
        try python(
            projectMaker + """
                android_app('app')
                os.makedirs('app/node_modules/react-native', exist_ok=True)
                names = {}
                for i in range(300):
                    put('app/node_modules/lib%d/android/src/main/AndroidManifest.xml' % i,
                        library_manifest('lib%d' % i, ['l%d.p%d' % (i, j) for j in range(3000)]))
                    names['lib%d' % i] = '1'
                put('app/package.json', json.dumps({'dependencies': dict(names, **{'react-native': '0.74'})}))
                """, in: directory)
        let run = try measured(["doctor", "--timeout", "0.3", "--format", "json", "--target", "ig-reels", "app"], in: directory)
        #expect(run.result.status == 65, "\(run.result.stderr)")
        #expect(
            run.result.stderr.contains(
                "reelshare: error: app: gave up: it took longer than its time budget (--timeout), so it has no verdict"),
            "\(run.result.stderr)")
        // No verdict: the one result is the error, with no app judged.
        #expect(findingLines(run.result) == ["ig-reels app.unreadable -"], "\(run.result.stdout)")
        // Within the budget and one step (a debug build, beside other tests: a second's margin).
        #expect(run.within(1.3) && run.peak(under: 200), "\(run.seconds) s, \(run.megabytes) MB")
    }

    @Test("a cut APK, random bytes as a binary manifest, a resource table and a protobuf manifest")
    func malformed() throws {
        let directory = try scratch("doctor-malformed")
        defer { try? FileManager.default.removeItem(at: directory) }
        var random = XorShift(seed: 26)
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
        try zip([("AndroidManifest.xml", [0x03, 0x00, 0x08, 0x00] + noise)], to: directory.appendingPathComponent("noise.apk"))
        expectRefused(try doctor("noise.apk", in: directory), "noise.apk: AndroidManifest.xml: binary XML:")
        try Data([0x03, 0x00, 0x08, 0x00] + noise).write(to: directory.appendingPathComponent("AndroidManifest.bin"))
        let named = try measured(["doctor", "--manifest", "AndroidManifest.bin"], in: directory)
        expectRefused(named, "AndroidManifest.bin: binary XML:")
        try zip(
            [("base/manifest/AndroidManifest.xml", [0x0A, 0xFF, 0xFF, 0xFF, 0x0F] + noise)],
            to: directory.appendingPathComponent("noise.aab"))
        expectRefused(try doctor("noise.aab", in: directory), "noise.aab: base/manifest/AndroidManifest.xml: protobuf")
        let apk = try aapt(manifest(queries: bothPackages, application: fileProvider()), xml: ["file_paths"], in: directory)
        let whole = try unzip(apk)
        try zip(
            whole.map { $0.0 == "resources.arsc" ? ($0.0, Array($0.1.prefix(40)) + noise) : $0 },
            to: directory.appendingPathComponent("table.apk"))
        expectRefused(try doctor("table.apk", in: directory), "table.apk: resources.arsc: resource table")
        let bytes = [UInt8](try Data(contentsOf: apk))
        try Data(bytes.prefix(bytes.count / 2)).write(to: directory.appendingPathComponent("cut.apk"))
        expectRefused(try doctor("cut.apk", in: directory), "cut.apk: a damaged zip archive")
    }
}
