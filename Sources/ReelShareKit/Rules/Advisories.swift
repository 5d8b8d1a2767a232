// Advisories: known issues of a target app (not of the file), from the profile's data, each with
// the public report it rests on. They are findings of severity info: shown, never failing, not even
// with --strict. validate knows one file, so it reports those that depend on the file alone (a
// sticker, a video's length, always); build knows the whole share.

/// What an advisory's condition is judged on.
public enum AdvisoryContext: Sendable {
    /// One file validated in a role.
    case file(role: Role, media: AVMedia?)
    /// A whole share: its layers, the background video's length, --content-url.
    case share(video: AVMedia?, backgroundImage: Bool, sticker: Bool, contentURL: Bool)
}

public enum Advisories {
    /// The advisories that apply, as info findings.
    public static func applicable(_ advisories: [Advisory], to context: AdvisoryContext, platforms: Set<Platform>) -> [Finding] {
        advisories.compactMap { advisory in
            guard advisory.platforms.isEmpty || !platforms.isDisjoint(with: advisory.platforms), holds(advisory, context) else {
                return nil
            }
            var finding = Finding(
                rule: .advisory(advisory.id), severity: .info, message: advisory.message, actual: .null, limit: .null,
                source: advisory.source)
            finding.platforms = advisory.platforms
            if advisory.platforms.count == 1, let only = advisory.platforms.first {
                finding.message = "\(only.label): \(finding.message)"
            }
            return finding
        }
    }

    static func holds(_ advisory: Advisory, _ context: AdvisoryContext) -> Bool {
        switch (advisory.when, context) {
        case (.always, _): return true
        case (.sticker, .file(let role, _)): return role == .sticker
        case (.sticker, .share(_, _, let sticker, _)): return sticker
        case (.stickerOnly, .share(let video, let image, let sticker, _)): return sticker && video == nil && !image
        case (.stickerOnly, .file): return false
        case (.backgroundImageOrStickerOnly, .file(let role, _)): return role == .backgroundImage
        case (.backgroundImageOrStickerOnly, .share(let video, let image, let sticker, _)):
            return image || (sticker && video == nil)
        case (.videoLongerThan, .file(let role, let media)):
            return role == .backgroundVideo && (media?.durationSeconds ?? 0) > (advisory.seconds ?? .infinity)
        case (.videoLongerThan, .share(let video, _, _, _)):
            return (video?.durationSeconds ?? 0) > (advisory.seconds ?? .infinity)
        case (.contentURL, .share(_, _, _, let contentURL)): return contentURL
        case (.contentURL, .file): return false
        }
    }
}
