// The example plugin's Android side: each target's intent as Meta's pages and
// fbsamples/share_to_reels_android build it. `reelshare doctor` reads these calls (the targets the
// app shares to, and each intent's App ID, read grant and FileProvider authority).
package dev.example.share_files

import android.app.Activity
import android.content.Intent
import android.net.Uri
import androidx.core.content.FileProvider
import io.flutter.plugin.common.MethodCall
import io.flutter.plugin.common.MethodChannel
import java.io.File

class ShareFiles(private val activity: Activity, private val appId: String) {
    private fun contentUri(file: File): Uri =
        FileProvider.getUriForFile(activity, activity.packageName + ".share_files.provider", file)

    fun shareToInstagramReels(video: File) {
        val intent = Intent("com.instagram.share.ADD_TO_REEL")
        intent.setDataAndType(contentUri(video), "video/*")
        intent.putExtra("com.instagram.platform.extra.APPLICATION_ID", appId)
        intent.addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)
        start(intent, "com.instagram.android")
    }

    fun shareToInstagramStories(video: File) {
        val intent = Intent("com.instagram.share.ADD_TO_STORY")
        intent.setDataAndType(contentUri(video), "video/mp4")
        intent.putExtra("source_application", appId)
        intent.addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)
        start(intent, "com.instagram.android")
    }

    fun shareToFacebookReels(video: File) {
        val intent = Intent("com.facebook.reels.SHARE_TO_REEL")
        intent.setDataAndType(contentUri(video), "video/*")
        intent.putExtra("com.facebook.platform.extra.APPLICATION_ID", appId)
        intent.addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)
        start(intent, "com.facebook.katana")
    }

    private fun start(intent: Intent, target: String) {
        intent.setPackage(target)
        if (activity.packageManager.resolveActivity(intent, 0) != null) {
            activity.startActivity(intent)
        }
    }
}

/// The plugin's method channel: the app's Dart `ShareFiles.share(target, path)` lands here.
class ShareFilesPlugin(private val files: ShareFiles) : MethodChannel.MethodCallHandler {
    override fun onMethodCall(call: MethodCall, result: MethodChannel.Result) {
        val video = File(call.argument<String>("path") ?: return result.error("path", "no path", null))
        when (call.method) {
            "instagramReels" -> files.shareToInstagramReels(video)
            "instagramStories" -> files.shareToInstagramStories(video)
            "facebookReels" -> files.shareToFacebookReels(video)
            else -> return result.notImplemented()
        }
        result.success(null)
    }
}
