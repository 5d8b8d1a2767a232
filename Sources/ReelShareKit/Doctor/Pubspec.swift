// A Flutter project's pubspec.yaml, read without a YAML library: only the release dependencies.

/// A Flutter project's pubspec.yaml, as far as doctor needs it: the release dependencies, those
/// with a `path:` (read where they are) and the rest (fetched from pub.dev by `flutter pub get`).
/// The Flutter SDK's own (`sdk: flutter`) are neither.
enum Pubspec {
    static func dependencies(_ text: String) -> (paths: [String], hosted: [String]) {
        var paths: [String] = [], hosted: [String] = []
        var inDependencies = false
        var current: (name: String, path: String?, sdk: Bool)?
        func finish() {
            guard let entry = current else { return }
            if let path = entry.path { paths.append(path) } else if !entry.sdk { hosted.append(entry.name) }
            current = nil
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { continue }
            let indent = line.prefix { $0 == " " }.count
            let content = line.trimmingBlanks
            if indent == 0 {
                finish()
                inDependencies = content == "dependencies:"
                continue
            }
            guard inDependencies, let colon = content.firstIndex(of: ":") else { continue }
            let key = String(content[..<colon]), value = String(content[content.index(after: colon)...].trimmingBlanks)
            if indent <= 2 {
                finish()
                current = (key, nil, false)
            } else if key == "path", current != nil {
                current?.path = ShareCodeReader.stringLiteral(value) ?? value
            } else if key == "sdk" {
                current?.sdk = true
            }
        }
        finish()
        return (paths, hosted)
    }
}
