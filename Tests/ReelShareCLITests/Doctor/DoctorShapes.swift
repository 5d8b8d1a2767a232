// What the doctor tests of real projects' shapes write and read: an iOS app set up for every
// target, an Android app module and its activity, a button that calls a share helper (a share
// nothing calls is not judged, so each made one is called as real code calls it), and the
// targets each app's code chose.
import Foundation
import ReelShareTestSupport
import Testing

/// Each app's judged file (last two components) and the targets its code chose, "file: t, t".
func chosen(_ result: RunResult) -> [String] {
    resultsOf(result).map { item in
        let file = (item["file"] as? String ?? "-").split(separator: "/").suffix(2).joined(separator: "/")
        let shares = ((item["app"] as? [String: Any])?["shares"] as? [[String: Any]] ?? []).compactMap { $0["target"] as? String }
        return "\(file): \(shares.joined(separator: ", "))"
    }.sorted()
}

/// An iOS app whose plist lists every scheme and holds an App ID, with `files` beside it.
func iosApp(_ files: [String: Any], in directory: URL) throws {
    var all: [String: Any] = [
        "package.json": #"{"name":"demo","dependencies":{"react-native":"0.76.0"}}"#,
        "ios/Demo/Info.plist": infoPlist(allSchemes, "<key>FacebookAppID</key><string>1234567890123456</string>"),
    ]
    all.merge(files) { $1 }
    try write(all, in: directory)
}

/// An Android app module set up for every target (queries, a FileProvider and its paths).
let androidBuild = "android { defaultConfig { applicationId \"com.example.demo\"; targetSdkVersion 34 } }\n"
let androidManifest = manifest(queries: bothPackages, application: fileProvider())
let filePaths = "<paths><cache-path name=\"c\" path=\".\"/></paths>"

/// The app's activity, calling `body` as a screen calls a share helper.
func mainActivity(_ body: String) -> String {
    "package com.example.demo\n\nclass MainActivity : Activity() {\n    override fun onResume() {\n        super.onResume()\n        \(body)\n    }\n}\n"
}

/// A button that calls `call`, as a screen calls a share helper.
func button(_ call: String) -> String {
    "import UIKit\n\nfinal class ShareViewController: UIViewController {\n    @IBAction func shareTapped(_ sender: UIButton) {\n        \(call)\n    }\n}\n"
}
