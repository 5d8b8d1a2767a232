// An Xcode project as its project.pbxproj describes it: the targets with their product types and,
// per build configuration, the settings each sets and the .xcconfig it is based on, resolved as
// xcodebuild does — the project's .xcconfig, the project's settings, the target's .xcconfig
// (with its #include chain), the target's settings, each `$(inherited)` taking the level below,
// `$(NAME)` and `${NAME}` expanded (with the :rfc1034identifier, :c99extidentifier, :lower and
// :upper modifiers), `NAME[config=Release]` and `NAME[sdk=iphoneos*]` conditions applied. An
// .xcconfig that no configuration is based on sets nothing.

struct XcodeProject {
    /// One assignment: a setting, its value as written and the file that writes it.
    struct Assignment {
        var name: String
        var value: String
        var file: String
    }

    struct Target {
        var name: String
        var productType: String
        /// Each configuration's assignments, lowest level first.
        var configurations: [(name: String, assignments: [Assignment])]
        /// The files its Sources build phase compiles, in the tree; nil where the project does
        /// not list them (a folder Xcode keeps in sync, whose files it finds itself).
        var sources: [String]? = nil
    }

    /// The directory holding the .xcodeproj (SRCROOT), inside the tree.
    var directory: String
    var name: String
    var targets: [Target]

    static let application = "com.apple.product-type.application"
    static let appClip = "com.apple.product-type.application.on-demand-install-capable"
    /// How many `#include` levels and `$(…)` expansions are followed.
    static let maxIncludes = 16
    static let maxExpansions = 32

    /// Reads the project at `path` (an .xcodeproj directory in `tree`); nil when its
    /// project.pbxproj is absent or not a project.
    static func read(_ tree: AppTree, at path: String) -> XcodeProject? {
        let pbxproj = AppPath.join(path, "project.pbxproj")
        guard let bytes = try? tree.read(pbxproj, limit: AppFinder.projectLimit),
            case .dictionary(let top)? = ASCIIPropertyList.parse(bytes),
            case .dictionary(let objects)? = top["objects"], let rootID = top["rootObject"]?.string,
            case .dictionary(let root)? = objects[rootID]
        else { return nil }
        var directory = AppPath.parent(path)
        if let dir = root["projectDirPath"]?.string, !dir.isEmpty, !dir.hasPrefix("/") {
            directory = AppPath.normalized(AppPath.join(directory, dir))
        }
        let paths = filePaths(objects, mainGroup: root["mainGroup"]?.string, directory: directory)
        func object(_ id: String?) -> [String: PlistValue]? {
            guard let id, case .dictionary(let found)? = objects[id] else { return nil }
            return found
        }
        /// A configuration list's configurations: name, the .xcconfig it is based on, its settings.
        func configurations(_ listID: String?) -> [(String, String?, [String: PlistValue])] {
            guard case .array(let ids)? = object(listID)?["buildConfigurations"] else { return [] }
            return ids.compactMap { id in
                guard let configuration = object(id.string), let name = configuration["name"]?.string else { return nil }
                guard case .dictionary(let settings)? = configuration["buildSettings"] else { return (name, nil, [:]) }
                return (name, configuration["baseConfigurationReference"]?.string.flatMap { paths[$0] }, settings)
            }
        }
        let projectLevels = configurations(root["buildConfigurationList"]?.string)
        // Targets share .xcconfig files: each is read once per configuration.
        var xcconfigs: [String: [Assignment]] = [:]
        func based(on path: String, _ configuration: String) -> [Assignment] {
            let key = configuration + "\u{0}" + path
            if let known = xcconfigs[key] { return known }
            let assignments = xcconfig(tree, path, configuration: configuration, depth: 0)
            xcconfigs[key] = assignments
            return assignments
        }
        var targets: [Target] = []
        guard case .array(let targetIDs)? = root["targets"] else { return nil }
        for id in targetIDs {
            guard let target = object(id.string), target["isa"]?.string == "PBXNativeTarget",
                let name = target["name"]?.string
            else { continue }
            var resolved: [(String, [Assignment])] = []
            for (configuration, base, settings) in configurations(target["buildConfigurationList"]?.string) {
                var assignments: [Assignment] = []
                if let project = projectLevels.first(where: { $0.0 == configuration }) {
                    if let base = project.1 { assignments += based(on: base, configuration) }
                    assignments += pbxSettings(project.2, configuration: configuration, file: pbxproj)
                }
                if let base { assignments += based(on: base, configuration) }
                assignments += pbxSettings(settings, configuration: configuration, file: pbxproj)
                resolved.append((configuration, assignments))
            }
            var compiled: [String]?
            if case .array(let phases)? = target["buildPhases"] {
                for phase in phases.compactMap({ object($0.string) }) where phase["isa"]?.string == "PBXSourcesBuildPhase" {
                    guard case .array(let files)? = phase["files"] else { continue }
                    compiled = (compiled ?? []) + files.compactMap { object($0.string)?["fileRef"]?.string.flatMap { paths[$0] } }
                }
            }
            if case .array(let synchronized)? = target["fileSystemSynchronizedGroups"], !synchronized.isEmpty { compiled = nil }
            targets.append(
                Target(
                    name: name, productType: target["productType"]?.string ?? "", configurations: resolved, sources: compiled))
        }
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return XcodeProject(
            directory: directory, name: file.hasSuffix(".xcodeproj") ? String(file.dropLast(10)) : file, targets: targets)
    }

    /// Each file reference's path in the tree, through its groups (`<group>` paths are the
    /// group's; SOURCE_ROOT's the project's); references to built products or the SDK are left out.
    static func filePaths(_ objects: [String: PlistValue], mainGroup: String?, directory: String) -> [String: String] {
        var paths: [String: String] = [:]
        var queue: [(String, String)] = mainGroup.map { [($0, directory)] } ?? []
        var next = 0
        while next < queue.count, next < 200_000 {
            let (id, parent) = queue[next]
            next += 1
            guard case .dictionary(let object)? = objects[id], paths[id] == nil else { continue }
            let path = object["path"]?.string ?? ""
            let base: String?
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<group>": base = parent
            case "SOURCE_ROOT": base = directory
            case "<absolute>": base = ""
            default: base = nil
            }
            guard let base else { continue }
            let here = AppPath.normalized(AppPath.join(base, path))
            paths[id] = here
            if case .array(let children)? = object["children"] {
                for child in children { if let child = child.string { queue.append((child, here)) } }
            }
        }
        return paths
    }

    /// A pbxproj configuration's settings as assignments, those whose condition fails left out.
    static func pbxSettings(_ settings: [String: PlistValue], configuration: String, file: String) -> [Assignment] {
        settings.keys.sorted().compactMap { key in
            guard let name = applies(key, configuration: configuration) else { return nil }
            let value: String
            switch settings[key] {
            case .string(let text)?: value = text
            case .array(let items)?: value = items.compactMap(\.string).joined(separator: " ")
            default: return nil
            }
            return Assignment(name: name, value: value, file: file)
        }
    }

    /// An .xcconfig's assignments in order, each `#include` (and `#include?`) read in its place,
    /// relative to the including file.
    static func xcconfig(_ tree: AppTree, _ path: String, configuration: String, depth: Int) -> [Assignment] {
        guard depth < maxIncludes, let bytes = try? tree.read(path, limit: AppFinder.configLimit) else { return [] }
        var result: [Assignment] = []
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let text = line.drop { $0 == " " || $0 == "\t" }
            if text.hasPrefix("#include") {
                guard let open = text.firstIndex(of: "\""), let close = text[text.index(after: open)...].firstIndex(of: "\"")
                else { continue }
                let included = String(text[text.index(after: open)..<close])
                let target = included.hasPrefix("/") ? included : AppPath.normalized(AppPath.join(AppPath.parent(path), included))
                result += xcconfig(tree, target, configuration: configuration, depth: depth + 1)
                continue
            }
            for (key, value) in IOSProject.settings(String(line), keepingConditions: true) {
                if let name = applies(key, configuration: configuration) {
                    result.append(Assignment(name: name, value: value, file: path))
                }
            }
        }
        return result
    }

    /// The setting a key names when its conditions hold for `configuration` on an iPhone
    /// (`NAME[config=Release][sdk=iphoneos*]`); nil when one does not.
    static func applies(_ key: String, configuration: String) -> String? {
        guard let bracket = key.firstIndex(of: "[") else { return key }
        for condition in key[bracket...].split(separator: "]") {
            let parts = condition.drop { $0 == "[" }.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            switch parts[0] {
            case "config": guard matches(parts[1], configuration) else { return nil }
            case "sdk": guard matches(parts[1], "iphoneos") else { return nil }
            default: return nil
            }
        }
        return String(key[..<bracket])
    }

    /// A condition's pattern against a value: a trailing `*` matches any rest.
    static func matches(_ pattern: String, _ value: String) -> Bool {
        pattern.hasSuffix("*") ? value.hasPrefix(pattern.dropLast()) : pattern == value
    }
}

extension XcodeProject.Target {
    /// The configuration a release is built with: Release, else the first.
    var release: (name: String, assignments: [XcodeProject.Assignment])? {
        configurations.first { $0.name == "Release" } ?? configurations.first
    }

    /// A setting's value in `configuration`, expanded, and the file that set it; nil when unset.
    func setting(_ name: String, in configuration: (name: String, assignments: [XcodeProject.Assignment]), project: XcodeProject)
        -> (value: String, file: String)?
    {
        var budget = XcodeProject.maxExpansions
        return value(name, configuration, upTo: configuration.assignments.count, project: project, budget: &budget)
    }

    private func value(
        _ name: String, _ configuration: (name: String, assignments: [XcodeProject.Assignment]), upTo end: Int,
        project: XcodeProject, budget: inout Int
    ) -> (value: String, file: String)? {
        guard let index = configuration.assignments[..<end].lastIndex(where: { $0.name == name }) else {
            return builtIn(name, configuration: configuration.name, project: project).map { ($0, "") }
        }
        let assignment = configuration.assignments[index]
        let inherited = {
            (budget: inout Int) -> String in
            value(name, configuration, upTo: index, project: project, budget: &budget)?.value ?? ""
        }
        return (expand(assignment.value, configuration, project: project, inherited: inherited, budget: &budget), assignment.file)
    }

    /// The settings xcodebuild gives every target.
    private func builtIn(_ name: String, configuration: String, project: XcodeProject) -> String? {
        switch name {
        case "SRCROOT", "PROJECT_DIR", "SOURCE_ROOT": return XcodeProject.sourceRoot
        case "TARGET_NAME", "PRODUCT_NAME": return self.name
        case "PROJECT_NAME": return project.name
        case "CONFIGURATION": return configuration
        case "PLATFORM_NAME", "SDKROOT": return "iphoneos"
        case "EFFECTIVE_PLATFORM_NAME": return "-iphoneos"
        default: return nil
        }
    }

    private func expand(
        _ text: String, _ configuration: (name: String, assignments: [XcodeProject.Assignment]), project: XcodeProject,
        inherited: (inout Int) -> String, budget: inout Int
    ) -> String {
        var out = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{" else {
                out.append("$")
                rest = rest[after...]
                continue
            }
            let close: Character = rest[after] == "(" ? ")" : "}"
            guard let end = rest[after...].firstIndex(of: close) else {
                out += rest
                return out
            }
            let reference = rest[rest.index(after: after)..<end]
            rest = rest[rest.index(after: end)...]
            let parts = reference.split(separator: ":", maxSplits: 1).map(String.init)
            guard let name = parts.first, budget > 0 else { continue }
            budget -= 1
            var value =
                name == "inherited"
                ? inherited(&budget)
                : self.value(name, configuration, upTo: configuration.assignments.count, project: project, budget: &budget)?.value
                    ?? ""
            if parts.count == 2 {
                for modifier in parts[1].split(separator: ":") {
                    switch modifier {
                    case "rfc1034identifier": value = String(value.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "-" })
                    case "c99extidentifier": value = String(value.map { $0.isLetter || $0.isNumber ? $0 : "_" })
                    case "lower": value = value.lowercased()
                    case "upper": value = value.uppercased()
                    default: break
                    }
                }
            }
            out += value
        }
        out += rest
        return String(Substring(out).trimmingBlanks)
    }
}

extension XcodeProject {
    /// What `$(SRCROOT)` expands to before a path is placed in the tree.
    static let sourceRoot = "\u{1}SRCROOT"

    /// A path setting's value as a path in the tree: `$(SRCROOT)/x`, `${PROJECT_DIR}/x` or a
    /// relative `x` is under the project's directory.
    func path(_ value: String) -> String {
        var text = value
        if text.hasPrefix(Self.sourceRoot) { text = String(text.dropFirst(Self.sourceRoot.count).drop { $0 == "/" }) }
        if text.hasPrefix("/") { return text }
        return AppPath.normalized(AppPath.join(directory, text))
    }
}
