// The example plugin's iOS side: the pasteboard items and URL of each target as Meta's pages give
// them. `reelshare doctor` reads these calls (the targets the app shares to, the App ID in each,
// the media as Data) and holds Info.plist to the schemes they open.
import Flutter
import UIKit

struct ShareFiles {
    let appID: String

    func shareToInstagramReels(video: URL) throws {
        let items: [String: Any] = [
            "com.instagram.sharedSticker.backgroundVideo": try Data(contentsOf: video),
            "com.instagram.sharedSticker.appID": appID,
        ]
        open(URL(string: "instagram-reels://share")!, with: items)
    }

    func shareToInstagramStories(video: URL) throws {
        let items: [String: Any] = ["com.instagram.sharedSticker.backgroundVideo": try Data(contentsOf: video)]
        open(URL(string: "instagram-stories://share?source_application=\(appID)")!, with: items)
    }

    func shareToFacebookReels(video: URL) throws {
        let items: [String: Any] = [
            "com.facebook.sharedSticker.backgroundVideo": try Data(contentsOf: video),
            "com.facebook.sharedSticker.appID": appID,
        ]
        open(URL(string: "facebook-reels://share")!, with: items)
    }

    private func open(_ url: URL, with items: [String: Any]) {
        guard UIApplication.shared.canOpenURL(url) else { return }
        UIPasteboard.general.setItems([items], options: [.expirationDate: Date().addingTimeInterval(300)])
        UIApplication.shared.open(url)
    }
}

/// The plugin's method channel: the app's Dart `ShareFiles.share(target, path)` lands here.
public class ShareFilesPlugin: NSObject, FlutterPlugin {
    let files: ShareFiles

    init(files: ShareFiles) { self.files = files }

    public static func register(with registrar: FlutterPluginRegistrar) {
        let channel = FlutterMethodChannel(name: "share_files", binaryMessenger: registrar.messenger())
        let appID = Bundle.main.object(forInfoDictionaryKey: "FacebookAppID") as? String ?? ""
        registrar.addMethodCallDelegate(ShareFilesPlugin(files: ShareFiles(appID: appID)), channel: channel)
    }

    public func handle(_ call: FlutterMethodCall, result: @escaping FlutterResult) {
        guard let path = (call.arguments as? [String: Any])?["path"] as? String else {
            return result(FlutterError(code: "path", message: "no path", details: nil))
        }
        let video = URL(fileURLWithPath: path)
        do {
            switch call.method {
            case "instagramReels": try files.shareToInstagramReels(video: video)
            case "instagramStories": try files.shareToInstagramStories(video: video)
            case "facebookReels": try files.shareToFacebookReels(video: video)
            default: return result(FlutterMethodNotImplemented)
            }
            result(nil)
        } catch {
            result(FlutterError(code: "read", message: error.localizedDescription, details: nil))
        }
    }
}
