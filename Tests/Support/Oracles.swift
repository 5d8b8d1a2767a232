// What other tools say of a file: the one way the tests ask ffmpeg, ffprobe and mediainfo, make a
// shape with the ffmpeg CLI, and measure what plays (a flash against a beep, frames, PSNR).
import Foundation
import Testing

/// Runs a program found on PATH in `directory` with `stdin` (or nothing); returns its status and
/// both outputs, each read to its end while it runs.
public func runTool(_ arguments: [String], in directory: URL = TestPaths.packageRoot, stdin: Data? = nil) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    try process.run()
    _ = ignoringBrokenPipes
    if let stdin {
        try? input.fileHandleForWriting.write(contentsOf: stdin)
        try input.fileHandleForWriting.close()
    }
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self), crashed: process.terminationReason == .uncaughtSignal)
}

/// Runs the ffmpeg CLI in `directory` (quiet, overwriting, no standard input); returns its status.
/// What it encodes with x264 or x265 and no preset named gets the encoder's fast preset (x264
/// veryfast, x265 ultrafast), given before the last argument (the output): the same stream in kind
/// (profile, bit depth, B-frames where asked), made in a fraction of the time.
@discardableResult
public func ffmpeg(_ arguments: [String], in directory: URL) throws -> Int32 {
    var arguments = arguments
    if !arguments.contains("-preset"), let encoder = arguments.first(where: { $0 == "libx264" || $0 == "libx265" }) {
        arguments.insert(contentsOf: ["-preset", encoder == "libx264" ? "veryfast" : "ultrafast"], at: arguments.count - 1)
    }
    return try runCommand(["ffmpeg", "-nostdin", "-v", "error", "-y"] + arguments, in: directory).status
}

/// Makes `name` in `directory` with the ffmpeg CLI and `arguments` (its inputs and settings), as a
/// user's tools make a shape.
public func makeWithFFmpeg(_ name: String, _ arguments: [String], in directory: URL) throws {
    try #require(try ffmpeg(arguments + [name], in: directory) == 0, "making \(name) failed")
}

/// What ffprobe says of `file`'s stream `stream` ("v:0", "a"): `entries` ("stream=channels"), as
/// CSV. `count`: its packets read and counted (nb_read_packets).
public func ffprobe(_ file: String, _ stream: String, _ entries: String, in directory: URL, count: Bool = false) throws
    -> String
{
    try runCommand(
        ["ffprobe", "-v", "error"] + (count ? ["-count_packets"] : []) + [
            "-select_streams", stream, "-show_entries", entries, "-of", "csv=p=0", file,
        ], in: directory
    ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The packets of `file`'s first video stream that ffprobe marks as keyframes.
public func keyframeCount(_ file: String, in directory: URL) throws -> Int {
    try ffprobe(file, "v:0", "packet=flags", in: directory).split(separator: "\n").filter { $0.contains("K") }.count
}

/// ffprobe's colour matrix and range of `file`'s video, as "range,matrix" ("tv,bt709").
public func colourTags(_ file: String, in directory: URL) throws -> String {
    try ffprobe(file, "v:0", "stream=color_space,color_range", in: directory)
}

/// What mediainfo says of `file` in the template `inform` ("Audio;%Channel(s)%").
public func mediainfo(_ file: String, _ inform: String, in directory: URL) throws -> String {
    try runCommand(["mediainfo", "--Inform=\(inform)", file], in: directory).stdout.trimmingCharacters(
        in: .whitespacesAndNewlines)
}

/// The framemd5 of `file`'s video (what its frames decode to), without the header lines.
public func framemd5(_ file: String, in directory: URL) throws -> [Substring] {
    try runCommand(["ffmpeg", "-nostdin", "-v", "error", "-i", file, "-map", "0:v:0", "-f", "framemd5", "-"], in: directory)
        .stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }
}

/// ffmpeg's PSNR of `a` against `b` (the average over every plane and frame), each through its
/// filters first (`[0:v]…[a];[1:v]…[b]` picks frames).
public func psnr(_ a: String, _ b: String, _ first: String = "null", _ second: String = "null", in directory: URL) throws
    -> Double
{
    let text = try runTool(
        [
            "ffmpeg", "-nostdin", "-hide_banner", "-i", a, "-i", b, "-lavfi", "[0:v]\(first)[a];[1:v]\(second)[b];[a][b]psnr",
            "-f", "null", "-",
        ], in: directory
    ).stderr
    let average = try #require(text.range(of: "average:")?.upperBound, "\(text)")
    return try #require(Double(text[average...].prefix { $0 != " " }), "\(text)")
}

/// What FFmpeg's filter (`vf GRAPH` or `af GRAPH`) logs over one stream (`map`, "0:v:0") of a file.
public func filterLog(_ file: String, _ map: String, _ filter: String, in directory: URL) throws -> String {
    try runTool(
        [
            "ffmpeg", "-nostdin", "-nostats", "-i", file, "-map", map, "-" + filter.prefix(2), String(filter.dropFirst(3)), "-f",
            "null", "-",
        ], in: directory
    ).stderr
}

/// The picture's black runs: under a tenth of white, for 50 ms or more.
private let findBlack = "blackdetect=d=0.05:pix_th=0.5"

/// When `file`'s sound starts after its picture, in milliseconds: a white flash and a 1 kHz beep
/// both made at 1.000 s, found as ffmpeg plays the file (the first frame that is not black, the
/// first sample of the beep, counted from the sound's first, on the one clock of the file's
/// streams). The beep is at -6 dB and found where the level passes -18 dB: a lossy encoder
/// smears a little of its onset up to a frame ahead of it (pre-echo, 20 to 40 dB down), by as
/// much as 20 ms over a -40 dB hiss, depending on where its frames fall; a sample's shift is not
/// a frame's.
public func beepAfterFlash(_ file: String, in directory: URL) throws -> Double {
    func first(_ log: String, _ key: String) throws -> Double {
        let value = log.components(separatedBy: key).dropFirst().first?.prefix { "0123456789.".contains($0) }
        return try #require(value.flatMap { Double($0) }, "no \(key) in \(file): \(log.suffix(400))")
    }
    let flash = try first(try filterLog(file, "0:v:0", "vf \(findBlack)", in: directory), "black_end:")
    // The sound timed as it plays, sample after sample from its first: a browser's packets carry
    // capture times a millisecond or two either side of their samples' count.
    let beep = try first(
        try filterLog(file, "0:a:0", "af asetpts=STARTPTS+N/SR/TB,silencedetect=n=-18dB:d=0.1", in: directory),
        "silence_end: ")
    return (beep - flash) * 1000
}

/// The picture's black runs, as blackdetect logs them: a whole flash (black, white, black again)
/// is two.
public func blackRuns(_ file: String, in directory: URL) throws -> [String] {
    try filterLog(file, "0:v:0", "vf \(findBlack)", in: directory).split(separator: "\n")
        .filter { $0.contains("black_start:") }.map { String($0.suffix(80)) }
}

/// The presentation time of each packet of `file`'s stream `stream` ("v:0"), in file order, as
/// ffprobe prints it ("N/A" for a packet without one).
public func packetTimes(_ file: String, _ stream: String, in directory: URL) throws -> [String] {
    try ffprobe(file, stream, "packet=pts_time", in: directory).split(separator: "\n").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: ", "))
    }
}

/// The timing of `file` as FFmpeg reads it, for a failure's message: per stream, the packets, how
/// many have no time, the first and last three times and the stated rates; then the container's
/// start and length.
public func timing(_ file: String, in directory: URL) throws -> String {
    var parts: [String] = []
    for stream in ["v:0", "a:0"] {
        let times = try packetTimes(file, stream, in: directory)
        let untimed = times.filter { Double($0) == nil }.count
        let rates = try ffprobe(file, stream, "stream=r_frame_rate,avg_frame_rate", in: directory)
        parts.append(
            "\(stream): \(times.count) packets (\(untimed) untimed, rates \(rates)) \(times.prefix(3).joined(separator: " ")) .. \(times.suffix(3).joined(separator: " "))"
        )
    }
    let format = try runCommand(
        ["ffprobe", "-v", "error", "-show_entries", "format=start_time,duration", "-of", "csv=p=0", file], in: directory)
    return parts.joined(separator: "; ") + "; format start,duration "
        + format.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The printed ffmpeg `command` run as printed, on one CPU: libx264 then takes one thread, and
/// makes the same file on every run (its threaded rate control differs run to run, and its
/// output follows its thread count), as fix's on one CPU (runBinary(oneCPU:)) does.
public func runPrintedOnOneCPU(_ command: String, in directory: URL) throws -> (status: Int32, stdout: String) {
    try runCommand(
        ["taskset", "-c", nextCPU(), "sh", "-c", "ffmpeg -nostdin -v error -y " + command.dropFirst("ffmpeg ".count)],
        in: directory)
}

/// One job, two runners: `fixed` (made by fix) and `printed` (made by the printed command) hold
/// the same pictures at the same times, frame for frame (framemd5), and their sound starts at one
/// instant, each packet after within a millisecond of the other's.
public func expectSameFrames(
    _ fixed: String, _ printed: String, _ what: String, in directory: URL, soundCopied: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let ours = try framemd5(fixed, in: directory), theirs = try framemd5(printed, in: directory)
    let differ = zip(theirs, ours).first { pair in pair.0 != pair.1 }
    #expect(
        !ours.isEmpty && ours == theirs,
        "\(what): the frames differ (\(theirs.count) by the command, \(ours.count) by fix), first: \(String(describing: differ))",
        sourceLocation: sourceLocation)
    let sound = try packetTimes(fixed, "a:0", in: directory), commanded = try packetTimes(printed, "a:0", in: directory)
    #expect(sound.first == commanded.first, "\(what): the sound starts elsewhere", sourceLocation: sourceLocation)
    // Every packet after the first within a millisecond: a WebM's sound is timed in milliseconds,
    // and the CLI and the encoder's input round them to samples a third of one apart. Copied, the
    // packets are timed by their samples alike, to the sample.
    let near =
        sound.count == commanded.count
        && zip(sound, commanded).allSatisfy { abs((Double($0) ?? .nan) - (Double($1) ?? .nan)) <= (soundCopied ? 0 : 0.001) }
    #expect(
        near,
        "\(what): the sound's packets differ (\(commanded.count) by the command, \(sound.count) by fix), first: \(String(describing: zip(commanded, sound).first { $0.0 != $0.1 }))",
        sourceLocation: sourceLocation)
}

/// Whether the oracle sets fix beside the printed command for every target of a case, not only
/// the first (REELSHARE_ORACLE_EVERY_TARGET=1: a longer run, by hand; the suite takes the first).
public let oracleEveryTarget = ProcessInfo.processInfo.environment["REELSHARE_ORACLE_EVERY_TARGET"] == "1"
