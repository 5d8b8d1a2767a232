// What a path given to doctor holds, told by content: a directory (a project, an .app or
// .xcarchive bundle), a zip archive (.ipa, .apk, .aab), or a single Info.plist or
// AndroidManifest.xml (binary XML too), which is judged inside its project when its path shows one.
import ReelShareKit

/// How doctor was given a path.
public enum AppInput: Sendable, Equatable {
    /// An operand: anything doctor reads.
    case any(String)
    /// --plist: an Info.plist.
    case plist(String)
    /// --manifest: an AndroidManifest.xml.
    case manifest(String)

    public var path: String {
        switch self {
        case .any(let path), .plist(let path), .manifest(let path): return path
        }
    }

    /// The platform a named file is for; nil for an operand.
    public var platform: Platform? {
        switch self {
        case .any: return nil
        case .plist: return .ios
        case .manifest: return .android
        }
    }
}

/// An app found in a path, and how to show the files it names.
public struct LocatedApp {
    public var app: FoundApp
    /// The directory the app's file names are relative to, as the user's path reaches it; nil
    /// when they are entries of the archive at the path.
    public var root: String?

    /// A file the app names, as the user can find it: on disk, the path from the working
    /// directory (or an absolute one); in an archive, its entry's name.
    public func shown(_ file: String) -> String {
        guard let root, !file.hasPrefix("/") else { return file }
        return root == "." ? file : file.contains("..") ? AppPath.normalized(AppPath.join(root, file)) : AppPath.join(root, file)
    }
}

/// The apps found in one path.
public struct LocatedApps {
    public var apps: [LocatedApp]

    init(apps: [FoundApp], root: String?) { self.apps = apps.map { LocatedApp(app: $0, root: root) } }
    init(_ apps: [LocatedApp]) { self.apps = apps }
}

/// Why a path gave no app to judge.
public enum AppLocationError: Error, Equatable, CustomStringConvertible {
    /// Nothing at the path, or nothing readable (66).
    case missing(String)
    /// A directory or archive with nothing doctor checks (66 for a directory, 65 for a file).
    case nothing(String, file: Bool)
    /// A file that is not what it should be, or an app file inside that is malformed (65).
    case malformed(String)
    /// The time budget was spent before every file was read: no verdict (65).
    case timeout

    public var description: String {
        switch self {
        case .missing(let text), .nothing(let text, _), .malformed(let text): return text
        case .timeout: return "gave up: it took longer than its time budget (--timeout), so it has no verdict"
        }
    }
}

public enum AppLocator {
    static let layouts =
        "no Info.plist, AndroidManifest.xml, .app, .xcarchive, or Xcode, Gradle, Flutter, React Native, Expo or Capacitor project"

    /// The apps at `input`, read within `budget`: a budget spent on the way is `.timeout`, never
    /// a verdict on what was read before it.
    /// With `evaluate`, an Expo project not yet prebuilt is judged by what its own
    /// `npx expo config` prints (that runs the project's code).
    public static func locate(_ input: AppInput, budget: WorkBudget = .unlimited(), evaluate: Bool = false)
        throws(AppLocationError) -> LocatedApps
    {
        do throws(AppLocationError) {
            let located = try locate(input, within: budget, evaluate: evaluate)
            if budget.isSpent { throw .timeout }
            return located
        } catch {
            throw budget.isSpent ? .timeout : error
        }
    }

    private static func locate(_ input: AppInput, within budget: WorkBudget, evaluate: Bool) throws(AppLocationError)
        -> LocatedApps
    {
        let path = input.path
        let tree = { (root: String) in BudgetedTree(DirectoryTree(root: root), budget: budget) }
        let evaluator = { (root: String) in evaluate ? ExpoEvaluation(root: root, budget: budget).evaluator : nil }
        if case .any = input, Posix.isDirectory(path) {
            let top = tree(path)
            let apps = try attempt(path) { () throws(AppFileError) in try AppFinder.apps(in: top, evaluate: evaluator(path)) }
            if !apps.isEmpty { return LocatedApps(apps: apps, root: path) }
            // A monorepo, or an app one level down (example/, apps/mobile): each project below.
            // A project that builds no app itself (a plugin whose app is its example/) is looked
            // into in turn, to the same depth below the path given.
            var found: [LocatedApp] = []
            var pending = AppFinder.projectDirectories(in: top)
            var tried: [String] = []
            while !pending.isEmpty {
                let directory = pending.removeFirst()
                tried.append(directory)
                let root = path == "." ? directory : AppPath.join(path, directory)
                let subtree = tree(root)
                let apps = try attempt(root) { () throws(AppFileError) in
                    try AppFinder.apps(in: subtree, evaluate: evaluator(root))
                }
                found += apps.map { LocatedApp(app: $0, root: root) }
                let depth = directory.split(separator: "/").count
                if apps.isEmpty, depth < AppFinder.searchDepth {
                    pending += AppFinder.projectDirectories(in: subtree, depth: AppFinder.searchDepth - depth).map {
                        AppPath.join(directory, $0)
                    }
                }
            }
            guard !found.isEmpty else {
                // The nearest things that looked like projects and built no app, so that the user
                // sees where doctor looked.
                let nearest =
                    tried.isEmpty
                    ? ""
                    : " (\(tried.prefix(3).map { $0 + "/" }.joined(separator: ", "))\(tried.count > 3 ? " and \(tried.count - 3) more" : "") \(tried.count == 1 ? "holds" : "hold") project files but build\(tried.count == 1 ? "s" : "") no app doctor reads)"
                throw .nothing(
                    "nothing to check here or \(AppFinder.searchDepth) levels below: \(layouts)\(nearest)", file: false)
            }
            return LocatedApps(found)
        }
        if case .any = input,
            let archive = try attempt(
                path, { () throws(AppFileError) in try ArchiveTree.open(path, shown: PathCoding.display(path)) })
        {
            let apps = try attempt(path) { () throws(AppFileError) in
                try AppFinder.apps(in: BudgetedTree(archive, budget: budget))
            }
            guard !apps.isEmpty else {
                throw .nothing(
                    "a zip archive, but not an app: no AndroidManifest.xml (an .apk), base/manifest/AndroidManifest.xml (an .aab) or Payload/NAME.app/Info.plist (an .ipa)",
                    file: true)
            }
            return LocatedApps(apps: apps, root: nil)
        }
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try Posix.readFile(path, limit: AppFinder.plistLimit)
        } catch {
            switch error {
            case .notFound, .standardInput: throw .missing("no such file or directory")
            case .directory: throw .missing("is a directory, not a file")
            case .tooLarge(let size):
                throw .malformed("\(size) bytes, more than an app file has (\(AppFinder.plistLimit >> 20) MB)")
            default: throw .missing("cannot read it: \(error)")
            }
        }
        let kind = AppFinder.kind(of: bytes)
        switch (input, kind) {
        case (.plist, .plist?), (.any, .plist?):
            if let (root, file) = AppFinder.project(of: path, kind: .plist), Posix.isDirectory(root) {
                let app = try attempt(path) { () throws(AppFileError) in
                    try AppFinder.sourcePlist(tree(root), plist: file)
                }
                return LocatedApps(apps: [app], root: root)
            }
            let app = try attempt(path) { () throws(AppFileError) in
                try IOSApp.read(bytes, file: nil, path: path, completeness: .shipped)
            }
            return LocatedApps(apps: [FoundApp(form: .plist, content: .ios(app))], root: nil)
        case (.manifest, .manifest?), (.any, .manifest?):
            if !bytes.starts(with: [0x03, 0x00]), let (root, file) = AppFinder.project(of: path, kind: .manifest),
                Posix.isDirectory(root)
            {
                let app = try attempt(path) { () throws(AppFileError) in
                    try AppFinder.sourceManifest(tree(root), manifest: file)
                }
                return LocatedApps(apps: [app], root: root)
            }
            let manifest = try attempt(path) { () throws(AppFileError) in try AppFinder.manifest(bytes, origin: path) }
            let app = AndroidApp(manifest: manifest, file: nil, completeness: .shipped)
            return LocatedApps(apps: [FoundApp(form: .manifest, content: .android(app))], root: nil)
        case (.plist, _):
            throw .malformed("not a property list (XML or binary) with a dictionary at its top")
        case (.manifest, _):
            throw .malformed("not an AndroidManifest.xml (not XML, or no <manifest> root)")
        case (.any, nil):
            throw .nothing("not an Info.plist, AndroidManifest.xml or app archive: \(layouts)", file: true)
        }
    }

    /// What the sources under the directory `path` do to share (nil for a file or archive),
    /// read within `budget`; files are named as the user reaches them from `path`.
    public static func shareCode(at path: String, targets: [TargetProfile], budget: WorkBudget) -> ShareCode? {
        guard Posix.isDirectory(path) else { return nil }
        let code = ShareCodeReader.read(
            BudgetedTree(DirectoryTree(root: path), budget: budget), targets: targets, plugins: SharePlugin.builtin)
        return path == "." ? code : code.named { AppPath.join(path, $0) }
    }

    /// `body`'s result; its failure as malformed, without the path given when the message starts
    /// with it (a file named on its own is named once).
    private static func attempt<T>(_ path: String, _ body: () throws(AppFileError) -> T) throws(AppLocationError) -> T {
        do throws(AppFileError) {
            return try body()
        } catch {
            let message = error.message.hasPrefix("\(path): ") ? String(error.message.dropFirst(path.count + 2)) : error.message
            throw .malformed(message)
        }
    }
}

/// An Expo project's `npx expo config --json --type prebuild`, run once however many of its
/// platforms ask, within the budget.
final class ExpoEvaluation {
    let root: String
    let budget: WorkBudget
    private var result: Result<JSON, AppFileError>?
    /// What the command may print (a large app's config with its introspected manifest is tens of KB).
    static let outputLimit = 16 << 20

    init(root: String, budget: WorkBudget) {
        self.root = root
        self.budget = budget
    }

    var evaluator: ExpoConfig.Evaluator { { () throws(AppFileError) in try self.run() } }

    private func run() throws(AppFileError) -> JSON {
        if let result { return try result.get() }
        let command = ExpoConfig.command.joined(separator: " ")
        let outcome: Result<JSON, AppFileError>
        do throws(ProcessError) {
            let ran = try Posix.run(ExpoConfig.command, in: root, limit: Self.outputLimit, stop: budget.spend)
            if ran.status != 0 {
                let said =
                    String(decoding: ran.errors, as: UTF8.self).split(whereSeparator: \.isNewline)
                    .last { !$0.allSatisfy(\.isWhitespace) }.map { ": " + Self.printable($0) } ?? ""
                outcome = .failure(AppFileError("--evaluate: \(command) exited with status \(ran.status)\(said)"))
            } else {
                outcome = Result { () throws(AppFileError) in try ExpoConfig.parse(ran.output) }
            }
        } catch {
            switch error {
            case .notStarted(let code):
                outcome = .failure(
                    AppFileError("--evaluate runs \(command), and npx could not be started (\(code)): is Node.js installed?"))
            case .tooMuchOutput(let count):
                outcome = .failure(
                    AppFileError("--evaluate: \(command) printed more than \(Self.outputLimit >> 20) MB (\(count) bytes)"))
            case .stopped:
                outcome = .failure(AppFileError("--evaluate: \(command) was stopped: the time budget is spent"))
            case .system(let code):
                outcome = .failure(AppFileError("--evaluate: \(command): \(code)"))
            }
        }
        result = outcome
        return try outcome.get()
    }

    /// A line another program wrote, as one line of a message: control characters (a colour
    /// escape) as "?", at most 300 characters.
    static func printable(_ line: Substring) -> String {
        let scalars = line.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7f ? "?" : Character($0) }
        return String(scalars.prefix(300)) + (scalars.count > 300 ? "…" : "")
    }
}
