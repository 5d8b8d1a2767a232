// The example plugin's iOS side: the pasteboard items and URL of each target as Meta's pages give
// them. `reelshare doctor` reads these calls (the targets the app shares to, the App ID in each,
// the media as Data) and holds Info.plist to the schemes they open.
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
