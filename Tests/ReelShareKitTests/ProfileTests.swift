// Target profiles as data: the built-ins, the JSON schema they round-trip through, and the errors a
// bad profile file gets (each naming its JSON path).
import Foundation
import Testing
@testable import ReelShareKit

/// A minimal share target (the profile schema's current version), with `roles` spliced in.
private func shareTarget(
    id: String = "x", roles: String = #"{"backgroundVideo": [{"rule": "file.truncated", "severity": "error", "source": "s"}]}"#,
    keys: String = #"{"backgroundVideo": "backgroundVideo"}"#, extra: String = ""
) -> String {
    #"{"id": "\#(id)", "name": "X", "purpose": "share", "summary": "s", "needs": "background-video", "#
        + #""ios": {"url": "x-reels://share", "queryScheme": "x-reels", "keyPrefix": "com.x.", "appId": {"in": "pasteboard", "name": "appID"}, "#
        + #""keys": \#(keys), "source": "s"}, "roles": \#(roles)\#(extra)}"#
}

/// `, "android": {...}` with these intent types, for shareTarget's `extra`.
private func android(types: String, more: String = "") -> String {
    #", "android": {"action": "a", "package": "p", "types": \#(types), "background": ["data"], "extras": {"appId": "x"}, "#
        + #""grants": [], "source": "s"\#(more)}"#
}

private func document(_ targets: String...) -> String {
    #"{"schemaVersion": 3, "targets": [\#(targets.joined(separator: ", "))]}"#
}

@Suite("Target profiles")
struct ProfileTests {
    @Test("the built-in profiles: five share targets and three publishing profiles")
    func builtins() throws {
        let set = ProfileSet.builtin
        #expect(
            set.profiles.map(\.id) == [
                "ig-reels", "fb-reels", "ig-stories", "fb-stories", "ig-feed", "ig-reels-api", "ig-stories-api", "fb-reels-api",
            ])
        #expect(set.shareTargets.count == 5)
        // The ids help text and completions name, recorded when the profiles were embedded.
        #expect(ProfileSet.builtinShareTargetIds == set.shareTargets.map(\.id))
        #expect(ProfileSet.builtinPublishIds == set.profiles.filter { $0.purpose == .publish }.map(\.id))
        let stories = try #require(set.profile("ig-stories"))
        #expect(stories.ios?.appId == .url(parameter: "source_application"))
        #expect(set.profile("fb-stories")?.ios?.appId == .pasteboard(key: "appID"))
        // Instagram Reels takes images on Android only (its iOS pasteboard has no key for one).
        let reels = try #require(set.profile("ig-reels"))
        #expect(reels.takes(.backgroundImage, on: .android) && !reels.takes(.backgroundImage, on: .ios))
        #expect(reels.android?.multiple?.action == "com.instagram.share.ADD_TO_REEL_MULTIPLE")
        #expect(set.profile("fb-reels")?.takes(.backgroundImage, on: .android) == false)
        #expect(set.profile("fb-stories")?.ios?.infoPlist == [InfoPlistKey("FacebookAppID", .appId)])
        #expect(reels.ios?.infoPlist == [])
        #expect(stories.accepts(.backgroundImage))
        #expect(stories.takesColors(on: .ios) && stories.takesColors(on: .android))
        #expect(set.profile("ig-reels")?.takesColors(on: .ios) == false)
        for profile in set.profiles {
            for specs in profile.roles.values { for spec in specs { #expect(!spec.source.isEmpty) } }
        }
    }

    @Test("profiles round-trip through their JSON schema")
    func roundTrip() throws {
        let text = ProfileDocument.json(ProfileSet.builtin.profiles).pretty
        #expect(try ProfileSet.decode(Array(text.utf8)) == ProfileSet.builtin.profiles)
    }

    @Test("a profile file adds targets and replaces built-ins by id")
    func merge() throws {
        var set = ProfileSet.builtin
        try set.merge(
            Array(
                document(
                    shareTarget(
                        id: "ig-reels",
                        roles:
                            #"{"backgroundVideo": [{"rule": "video.duration.max", "max": 30, "severity": "error", "source": "house"}]}"#
                    ),
                    #"{"id": "house-stories", "name": "House", "purpose": "publish", "summary": "ours", "roles": {}}"#
                ).utf8))
        #expect(set.profiles.count == 9)
        let first = set.profile("ig-reels")?.roles[.backgroundVideo]?.first
        #expect(first?.rule == .videoDurationMax && (first?.check as? VideoDurationMax)?.max == 30)
        #expect(set.profile("house-stories") != nil)
    }

    @Test(
        "malformed profiles name the bad field",
        arguments: [
            (
                document(
                    shareTarget(
                        roles: #"{"backgroundVideo": [{"rule": "video.duration.max", "severity": "error", "source": "s"}]}"#)),
                "targets[0].roles.backgroundVideo[0].max: video.duration.max needs 'max'"
            ),
            (
                document(
                    shareTarget(
                        roles:
                            #"{"backgroundVideo": [{"rule": "video.durations.max", "max": 1, "severity": "error", "source": "s"}]}"#
                    )),
                "targets[0].roles.backgroundVideo[0].rule: unknown rule 'video.durations.max'; did you mean 'video.duration.max'?"
            ),
            (
                document(
                    shareTarget(
                        roles:
                            #"{"backgroundVideo": [{"rule": "video.codec", "allowed": ["h264"], "severity": "fatal", "source": "s"}]}"#
                    )),
                "targets[0].roles.backgroundVideo[0].severity: 'fatal' must be one of info, warning, error"
            ),
            (
                document(
                    shareTarget(
                        roles: #"{"sticker": [{"rule": "video.codec", "allowed": ["h264"], "severity": "error", "source": "s"}]}"#
                    )),
                "targets[0].roles.sticker[0].rule: 'video.codec' does not apply to a sticker"
            ),
            (
                document(shareTarget(roles: #"{"stickers": []}"#)),
                "targets[0].roles.stickers: unknown role 'stickers' (roles: backgroundVideo, backgroundImage, sticker)"
            ),
            (
                document(
                    shareTarget(
                        roles:
                            #"{"backgroundVideo": [{"rule": "video.duration.max", "mxa": 60, "max": 60, "severity": "error", "source": "s"}]}"#
                    )),
                "targets[0].roles.backgroundVideo[0].mxa: unknown key 'mxa'; did you mean 'max'?"
            ),
            (
                document(
                    shareTarget(
                        roles:
                            #"{"backgroundVideo": [{"rule": "video.duration.max", "min": 1, "max": 60, "severity": "error", "source": "s"}]}"#
                    )),
                "targets[0].roles.backgroundVideo[0].min: video.duration.max takes no 'min'"
            ),
            (
                document(
                    shareTarget(
                        roles:
                            #"{"backgroundVideo": [{"rule": "video.frame-rate", "min": 60, "max": 24, "severity": "error", "source": "s"}]}"#
                    )),
                "targets[0].roles.backgroundVideo[0].min: min 60 is above max 24"
            ),
            (
                document(
                    shareTarget(
                        roles:
                            #"{"backgroundImage": [{"rule": "image.aspect", "allowed": ["9x16"], "severity": "error", "source": "s"}]}"#
                    )),
                "targets[0].roles.backgroundImage[0].allowed: '9x16' is not a ratio like 9:16"
            ),
            (document(#"{"id": "x", "name": "X", "purpose": "share", "roles": {}}"#), "targets[0].summary: missing"),
            (
                document(#"{"id": "x", "name": "X", "purpose": "share", "summary": "s", "roles": {}}"#),
                "targets[0].needs: a share target needs 'needs' (background-video, background, background-or-sticker)"
            ),
            (
                document(
                    shareTarget(
                        roles:
                            #"{"backgroundVideo": [{"rule": "video.duration.max", "max": "sixty", "severity": "error", "source": "s"}]}"#
                    )),
                "targets[0].roles.backgroundVideo[0].max: expected a number"
            ),
            (#"{"schemaVersion": 1, "targets": []}"#, "schemaVersion: schemaVersion 1 predates the capabilities"),
            (#"{"schemaVersion": 2, "targets": []}"#, "schemaVersion: schemaVersion 2's android.type became android.types"),
            (#"{"schemaVersion": 4, "targets": []}"#, "schemaVersion: unsupported version 4 (this reelshare reads 3)"),
            (
                document(#"{"id": "Bad Id", "name": "X", "purpose": "publish", "summary": "s", "roles": {}}"#),
                "targets[0].id: 'Bad Id' must be lower-case letters, digits and '-'"
            ),
            (document(shareTarget(), shareTarget()), "targets[1].id: 'x' appears twice"),
            (document(shareTarget(roles: "{}")), "targets[0].roles: needs background-video, but roles has no backgroundVideo"),
            (document(shareTarget(keys: #"{"backgroundVideo": "appID"}"#)), "targets[0].ios.keys: the key 'appID' is used twice"),
            (
                document(
                    shareTarget(
                        roles:
                            #"{"backgroundVideo": [], "sticker": [{"rule": "image.dimensions", "width": 1, "height": 1, "mode": "most", "severity": "error", "source": "s"}]}"#
                    )),
                "targets[0].roles.sticker[0].mode: 'most' must be one of max, min, exact"
            ),
            (
                document(
                    shareTarget(
                        extra:
                            #", "advisories": [{"id": "a", "message": "m", "source": "s", "when": "video-longer-than", "seconds": -1}]"#
                    )),
                "targets[0].advisories[0].seconds: must be a number of seconds above 0"
            ),
            (
                document(shareTarget(extra: android(types: #"{"backgroundImage": "image/*"}"#))),
                "targets[0].android: android.types has backgroundImage, but roles has no backgroundImage"
            ),
            (
                document(shareTarget(extra: android(types: #"{"backgroundVideo": "video"}"#))),
                "targets[0].android.types.backgroundVideo: 'video' must be a MIME type like video/* or 'own'"
            ),
            (
                document(shareTarget(extra: android(types: #"{"sticker": "own"}"#))),
                "targets[0].android.types: must give the intent type of at least one background"
            ),
            (
                document(
                    shareTarget(extra: android(types: #"{"backgroundVideo": "own"}"#, more: #", "multiple": {"action": "m"}"#))),
                "targets[0].android.multiple.type: missing"
            ),
            (
                document(
                    shareTarget(extra: #", "advisories": [{"id": "A b", "message": "m", "source": "s", "when": "always"}]"#)),
                "targets[0].advisories[0].id: 'A b' must be lower-case letters, digits and '-'"
            ),
            (
                document(
                    shareTarget(
                        extra: #", "advisories": [{"id": "a", "message": "two\nlines", "source": "s", "when": "always"}]"#)),
                "targets[0].advisories[0].message: must be one line, without control characters"
            ),
            (
                document(shareTarget(extra: #", "advisories": [{"id": "a", "message": "m", "source": " ", "when": "always"}]"#)),
                "targets[0].advisories[0].source: must not be empty"
            ),
            (
                document(
                    shareTarget(
                        extra:
                            #", "advisories": [{"id": "a", "message": "m", "source": "s", "when": "always", "platforms": ["ios", "ios"]}]"#
                    )),
                "targets[0].advisories[0].platforms: names a platform twice"
            ),
            (
                document(
                    shareTarget(
                        extra:
                            #", "advisories": [{"id": "a", "message": "m", "source": "s", "when": "always"}, {"id": "a", "message": "n", "source": "s", "when": "always"}]"#
                    )),
                "targets[0].advisories: the advisory id 'a' appears twice"
            ),
            ("not json", "not JSON"),
            // The version first, then the rule sets, then unknown keys at the top, then the targets.
            (#"{"schemaVersion": 2, "ruleSets": {"": []}, "target": []}"#, "schemaVersion: schemaVersion 2's android.type"),
            (#"{"schemaVersion": 3, "ruleSets": {"": []}, "target": []}"#, "ruleSets: the rule set '' needs a name and rules"),
            (#"{"schemaVersion": 3, "target": [], "targets": [{}]}"#, "target: unknown key 'target'; did you mean 'targets'?"),
        ])
    func malformed(json: String, expected: String) {
        #expect(throws: ProfileError.self) { try ProfileSet.decode(Array(json.utf8)) }
        do {
            _ = try ProfileSet.decode(Array(json.utf8))
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error)")
        }
    }

    @Test(
        "a key a file gave is quoted at most 80 scalars long, combining marks counted; a suggestion is not sought for one far longer than any known"
    )
    func quotedKeys() {
        #expect(Quoted.short("maxDuration") == "maxDuration")
        let marks = "k" + String(repeating: "\u{0301}", count: 200)
        let quoted = Quoted.short(marks)
        #expect(quoted.unicodeScalars.count < 90 && quoted.hasSuffix("… (201 characters)"), "\(quoted.unicodeScalars.count)")
        #expect(Spelling.closest(to: "maxDuraton", among: ["maxDuration", "minDuration"]) == "maxDuration")
        #expect(Spelling.closest(to: String(repeating: "m", count: 100_000), among: ["maxDuration"]) == nil)
    }
}
