// The built-in target profiles, in the same JSON schema that `--profile FILE.json` reads and
// `reelshare targets --format json` prints. The numbers and their sources are those of
// ../shared/reference/share-targets.md; where Meta's documents disagree, the note says so.

enum BuiltinProfiles {
    static let json = #"""
        {
          "schemaVersion": 3,
          "targets": [
            {
              "id": "ig-reels",
              "name": "Instagram Reels",
              "purpose": "share",
              "summary": "Share a background video (and an optional sticker) into the Instagram Reels composer; on Android also images, and several clips and images at once.",
              "needs": "background",
              "ios": {
                "url": "instagram-reels://share",
                "queryScheme": "instagram-reels",
                "keyPrefix": "com.instagram.sharedSticker.",
                "appId": {"in": "pasteboard", "name": "appID"},
                "keys": {
                  "backgroundVideo": "backgroundVideo",
                  "stickerImage": "stickerImage",
                  "contentURL": "contentURL"
                },
                "source": "Meta, Instagram Sharing to Reels From iOS, seed 000"
              },
              "android": {
                "action": "com.instagram.share.ADD_TO_REEL",
                "package": "com.instagram.android",
                "types": {"backgroundVideo": "video/*", "backgroundImage": "image/*"},
                "background": ["data", "stream"],
                "multiple": {"action": "com.instagram.share.ADD_TO_REEL_MULTIPLE", "type": "*/*"},
                "extras": {
                  "appId": "com.instagram.platform.extra.APPLICATION_ID",
                  "packageName": "source_application",
                  "sticker": "interactive_asset_uri"
                },
                "grants": ["background", "sticker"],
                "source": "fbsamples/share_to_reels_android: ShareToIGReelsSingleClipActivity, ShareToIGReelsSingleImageActivity and ShareToIGReelsMultiMediaActivity (setDataAndType, EXTRA_STREAM, grantUriPermission for each URI)"
              },
              "roles": {
                "backgroundVideo": [
                  {
                    "rule": "file.truncated",
                    "severity": "error",
                    "source": "reelshare: a file cut short cannot be read in full"
                  },
                  {
                    "rule": "video.decode",
                    "severity": "error",
                    "source": "reelshare: frames that do not decode play as glitches, or the app refuses the clip"
                  },
                  {
                    "rule": "video.container",
                    "severity": "error",
                    "source": "Meta, Instagram Sharing to Reels From iOS, seed 000",
                    "allowed": ["mp4", "mov", "webm"],
                    "tolerated": [
                      {
                        "value": "3gp",
                        "note": "3GP is not among the containers Meta lists, but AVFoundation (public.3gpp) and Android's MediaExtractor both open it; remuxing to MP4 is lossless",
                        "source": "Apple, AVFileType.mobile3GPP; Android Developers, Supported media formats (3GPP .3gp)"
                      }
                    ]
                  },
                  {
                    "rule": "video.codec",
                    "severity": "error",
                    "source": "Meta, Instagram Sharing to Reels From iOS, seed 000",
                    "allowed": ["h264", "hevc", "vp8", "vp9"]
                  },
                  {
                    "rule": "video.codec-container",
                    "severity": "error",
                    "source": "Meta, Instagram Sharing to Reels From iOS, seed 000",
                    "allowed": ["mp4/h264", "mp4/hevc", "mov/h264", "mov/hevc", "3gp/h264", "3gp/hevc", "webm/vp8", "webm/vp9"],
                    "note": "H.264 and H.265 in MP4/MOV, VP8 and VP9 in WebM"
                  },
                  {
                    "rule": "video.codec-tag",
                    "severity": "error",
                    "source": "Apple, HLS Authoring Specification for Apple Devices, 1.10 (sample entries avc1, hvc1 or dvh1, not hev1 or dvhe); flutter/flutter #163526, HandBrake/HandBrake #1062",
                    "platforms": ["ios"],
                    "allowed": ["hevc/hvc1", "hevc/dvh1"],
                    "note": "iPhones play HEVC as hvc1 (or dvh1 for Dolby Vision), with its parameter sets in the sample entry; libx265 and ffmpeg write hev1 unless told otherwise, and retagging is lossless"
                  },
                  {
                    "rule": "video.profile",
                    "severity": "error",
                    "source": "Apple, HLS Authoring Specification for Apple Devices, 1.3 (H.264 at most High Profile) and 1.6 (HEVC at most Main 10); jellyfin/jellyfin-ios #106, kaltura/nginx-vod-module #1333",
                    "platforms": ["ios"],
                    "allowed": ["h264/Constrained Baseline", "h264/Baseline", "h264/Main", "h264/High", "hevc/Main", "hevc/Main 10"],
                    "note": "an iPhone's decoder takes H.264 up to High (8-bit 4:2:0) and HEVC Main and Main 10; H.264 High 10, 4:2:2 and 4:4:4 do not play"
                  },
                  {
                    "rule": "video.profile",
                    "severity": "warning",
                    "source": "Android Developers, Supported media formats (H.264 Baseline and Main); google/ExoPlayer #9424",
                    "platforms": ["android"],
                    "allowed": ["h264/Constrained Baseline", "h264/Baseline", "h264/Main", "h264/High"],
                    "note": "Android guarantees H.264 Baseline and Main, and phones decode High; High 10, 4:2:2 and 4:4:4 play only where the device's decoder does"
                  },
                  {
                    "rule": "video.duration.min",
                    "severity": "error",
                    "source": "Meta, Instagram Sharing to Reels From iOS, seed 000",
                    "min": 3,
                    "note": "peer reports show shorter clips refused"
                  },
                  {
                    "rule": "video.duration.max",
                    "severity": "error",
                    "source": "Meta, Instagram Sharing to Reels From iOS, seed 000",
                    "max": 60
                  },
                  {
                    "rule": "video.resolution",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Reels From iOS, seed 000",
                    "max": 1080,
                    "note": "\"videos can be 1080p\""
                  },
                  {
                    "rule": "file.size",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Reels From iOS, seed 000",
                    "max": 50000000,
                    "note": "under 50 MB is recommended"
                  }
                ],
                "backgroundImage": [
                  {
                    "rule": "image.format",
                    "severity": "error",
                    "source": "fbsamples/share_to_reels_android, ShareToIGReelsSingleImageActivity (an image as the reel, type image/*); Meta's share pages take JPG and PNG",
                    "allowed": ["png", "jpeg"]
                  },
                  {
                    "rule": "image.animated",
                    "severity": "warning",
                    "source": "fbsamples/share_to_reels_android, ShareToIGReelsSingleImageActivity: an image asset, a still picture",
                    "note": "the app reads an image's first frame"
                  },
                  {
                    "rule": "file.size",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Reels From iOS, seed 000",
                    "max": 50000000,
                    "note": "Meta recommends under 50 MB for a shared video and gives no figure for images; a bigger image is slow to hand over"
                  }
                ],
                "sticker": [
                  {
                    "rule": "image.format",
                    "severity": "error",
                    "source": "Meta, Instagram Sharing to Reels From iOS, seed 000",
                    "allowed": ["png", "jpeg"]
                  },
                  {
                    "rule": "image.dimensions",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Reels From iOS, seed 000",
                    "width": 640,
                    "height": 480,
                    "mode": "max",
                    "note": "640x480 is recommended"
                  },
                  {
                    "rule": "image.animated",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Reels From iOS, seed 000: a sticker or background is 'an image asset (JPG, PNG)', a still picture",
                    "note": "the app reads an image's first frame"
                  },
                  {
                    "rule": "file.size",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Reels From iOS, seed 000",
                    "max": 50000000,
                    "note": "Meta recommends under 50 MB for a shared video and gives no figure for images; a bigger image is slow to hand over"
                  }
                ]
              },
              "advisories": [
                {
                  "id": "content-url-ignored",
                  "when": "content-url",
                  "platforms": ["ios"],
                  "message": "contentURL (the attribution link) was a closed beta for approved apps and is gone from Meta's page; the app ignores it",
                  "source": "Meta, Instagram Sharing to Stories (older edition: 'closed beta ... approved for access'); react-native-share/react-native-share #1265, #1354; ShekarMudaliyar/social_share #93"
                }
              ],
              "layout": {
                "background": {"fit": "fill", "source": "Meta, Sharing to Reels: 'A video fills the screen'; covering (cropped) rather than bars after react-native-share/react-native-share #1560 ('full zoomed in')", "approximation": true},
                "colors": {"top": "#000000", "bottom": "#000000", "source": "reelshare: a Reel always has a background video; black shows only where a picture does not reach", "approximation": true},
                "sticker": {"width": 0.6, "height": 0.4, "centerX": 0.5, "centerY": 0.5, "source": "Meta, Sharing to Reels: 'An optional sticker can appear in front of the video' (no size given; 640x480 is the Stories pages' recommendation); centred and scaled to a box of 60% x 40% of the screen, after ShekarMudaliyar/social_share #119 and #101 (a large sticker is shown shrunk)", "approximation": true},
                "safeZones": {"top": 0.14, "bottom": 0.35, "left": 0.06, "right": 0.06, "source": "Meta's Reels ads guidance as third parties repeat it (14% top, 35% bottom, 6% each side; shotstack.io, Vertical video safe zones); Meta publishes none for shared Reels", "approximation": true}
              }
            },
            {
              "id": "fb-reels",
              "name": "Facebook Reels",
              "purpose": "share",
              "summary": "Share a background video (and an optional sticker) into the Facebook Reels composer.",
              "needs": "background-video",
              "ios": {
                "url": "facebook-reels://share",
                "queryScheme": "facebook-reels",
                "keyPrefix": "com.facebook.sharedSticker.",
                "appId": {"in": "pasteboard", "name": "appID"},
                "keys": {
                  "backgroundVideo": "backgroundVideo",
                  "stickerImage": "stickerImage"
                },
                "source": "Meta, Facebook Sharing to Reels From iOS, seed 001"
              },
              "android": {
                "action": "com.facebook.reels.SHARE_TO_REEL",
                "package": "com.facebook.katana",
                "queryProviders": ["com.facebook.katana.provider.PlatformProvider"],
                "types": {"backgroundVideo": "video/*"},
                "background": ["data", "stream"],
                "extras": {
                  "appId": "com.facebook.platform.extra.APPLICATION_ID",
                  "sticker": "interactive_asset_uri"
                },
                "grants": ["background", "sticker"],
                "source": "fbsamples/share_to_reels_android: ShareToFBReelsActivity (setDataAndType, EXTRA_STREAM, grantUriPermission for each URI) and its AndroidManifest.xml <queries>"
              },
              "roles": {
                "backgroundVideo": [
                  {
                    "rule": "file.truncated",
                    "severity": "error",
                    "source": "reelshare: a file cut short cannot be read in full"
                  },
                  {
                    "rule": "video.decode",
                    "severity": "error",
                    "source": "reelshare: frames that do not decode play as glitches, or the app refuses the clip"
                  },
                  {
                    "rule": "video.container",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Reels From iOS, seed 001",
                    "allowed": ["mp4", "mov", "webm"],
                    "tolerated": [
                      {
                        "value": "3gp",
                        "note": "3GP is not among the containers Meta lists, but AVFoundation (public.3gpp) and Android's MediaExtractor both open it; remuxing to MP4 is lossless",
                        "source": "Apple, AVFileType.mobile3GPP; Android Developers, Supported media formats (3GPP .3gp)"
                      }
                    ]
                  },
                  {
                    "rule": "video.codec",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Reels From iOS, seed 001",
                    "allowed": ["h264", "hevc", "vp8", "vp9"]
                  },
                  {
                    "rule": "video.codec-container",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Reels From iOS, seed 001",
                    "allowed": ["mp4/h264", "mp4/hevc", "mov/h264", "mov/hevc", "3gp/h264", "3gp/hevc", "webm/vp8", "webm/vp9"],
                    "note": "H.264 and H.265 in MP4/MOV, VP8 and VP9 in WebM"
                  },
                  {
                    "rule": "video.codec-tag",
                    "severity": "error",
                    "source": "Apple, HLS Authoring Specification for Apple Devices, 1.10 (sample entries avc1, hvc1 or dvh1, not hev1 or dvhe); flutter/flutter #163526, HandBrake/HandBrake #1062",
                    "platforms": ["ios"],
                    "allowed": ["hevc/hvc1", "hevc/dvh1"],
                    "note": "iPhones play HEVC as hvc1 (or dvh1 for Dolby Vision), with its parameter sets in the sample entry; libx265 and ffmpeg write hev1 unless told otherwise, and retagging is lossless"
                  },
                  {
                    "rule": "video.profile",
                    "severity": "error",
                    "source": "Apple, HLS Authoring Specification for Apple Devices, 1.3 (H.264 at most High Profile) and 1.6 (HEVC at most Main 10); jellyfin/jellyfin-ios #106, kaltura/nginx-vod-module #1333",
                    "platforms": ["ios"],
                    "allowed": ["h264/Constrained Baseline", "h264/Baseline", "h264/Main", "h264/High", "hevc/Main", "hevc/Main 10"],
                    "note": "an iPhone's decoder takes H.264 up to High (8-bit 4:2:0) and HEVC Main and Main 10; H.264 High 10, 4:2:2 and 4:4:4 do not play"
                  },
                  {
                    "rule": "video.profile",
                    "severity": "warning",
                    "source": "Android Developers, Supported media formats (H.264 Baseline and Main); google/ExoPlayer #9424",
                    "platforms": ["android"],
                    "allowed": ["h264/Constrained Baseline", "h264/Baseline", "h264/Main", "h264/High"],
                    "note": "Android guarantees H.264 Baseline and Main, and phones decode High; High 10, 4:2:2 and 4:4:4 play only where the device's decoder does"
                  },
                  {
                    "rule": "video.duration.min",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Reels From iOS, seed 001",
                    "min": 3,
                    "note": "peer reports show shorter clips refused"
                  },
                  {
                    "rule": "video.duration.max",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Reels From iOS, seed 001",
                    "max": 60
                  },
                  {
                    "rule": "video.resolution",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Reels From iOS, seed 001",
                    "max": 1080,
                    "note": "\"videos can be 1080p\""
                  },
                  {
                    "rule": "file.size",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Reels From iOS, seed 001",
                    "max": 50000000,
                    "note": "under 50 MB is recommended"
                  }
                ],
                "sticker": [
                  {
                    "rule": "image.format",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Reels From iOS, seed 001",
                    "allowed": ["png", "jpeg"]
                  },
                  {
                    "rule": "image.dimensions",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Reels From iOS, seed 001",
                    "width": 640,
                    "height": 480,
                    "mode": "max",
                    "note": "640x480 is recommended"
                  },
                  {
                    "rule": "image.animated",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Reels From iOS, seed 001: a sticker or background is 'an image asset (JPG, PNG)', a still picture",
                    "note": "the app reads an image's first frame"
                  },
                  {
                    "rule": "file.size",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Reels From iOS, seed 001",
                    "max": 50000000,
                    "note": "Meta recommends under 50 MB for a shared video and gives no figure for images; a bigger image is slow to hand over"
                  }
                ]
              },
              "advisories": [
                {
                  "id": "sticker-dropped",
                  "when": "sticker",
                  "platforms": ["android"],
                  "message": "Facebook Reels on Android has been dropping the sticker of shared reels; Meta acknowledged it and the report is still open",
                  "source": "fbsamples/share_to_reels_android #8 (Meta, 2023-08-10: 'we are currently investigating')"
                }
              ],
              "layout": {
                "background": {"fit": "fill", "source": "Meta, Sharing to Reels: 'A video fills the screen'; covering (cropped) rather than bars after react-native-share/react-native-share #1560 ('full zoomed in')", "approximation": true},
                "colors": {"top": "#000000", "bottom": "#000000", "source": "reelshare: a Reel always has a background video; black shows only where a picture does not reach", "approximation": true},
                "sticker": {"width": 0.6, "height": 0.4, "centerX": 0.5, "centerY": 0.5, "source": "Meta, Sharing to Reels: 'An optional sticker can appear in front of the video' (no size given; 640x480 is the Stories pages' recommendation); centred and scaled to a box of 60% x 40% of the screen, after ShekarMudaliyar/social_share #119 and #101 (a large sticker is shown shrunk)", "approximation": true},
                "safeZones": {"top": 0.14, "bottom": 0.35, "left": 0.06, "right": 0.06, "source": "Meta's Reels ads guidance as third parties repeat it (14% top, 35% bottom, 6% each side; shotstack.io, Vertical video safe zones); Meta publishes none for shared Reels", "approximation": true}
              }
            },
            {
              "id": "ig-stories",
              "name": "Instagram Stories",
              "purpose": "share",
              "summary": "Share a background (video, image or colours) and/or a sticker into the Instagram Stories composer.",
              "needs": "background-or-sticker",
              "ios": {
                "url": "instagram-stories://share",
                "queryScheme": "instagram-stories",
                "keyPrefix": "com.instagram.sharedSticker.",
                "appId": {"in": "url", "name": "source_application"},
                "keys": {
                  "backgroundVideo": "backgroundVideo",
                  "stickerImage": "stickerImage",
                  "backgroundImage": "backgroundImage",
                  "backgroundTopColor": "backgroundTopColor",
                  "backgroundBottomColor": "backgroundBottomColor",
                  "contentURL": "contentURL"
                },
                "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026"
              },
              "android": {
                "action": "com.instagram.share.ADD_TO_STORY",
                "package": "com.instagram.android",
                "types": {"backgroundVideo": "own", "backgroundImage": "own", "sticker": "own"},
                "background": ["data"],
                "extras": {
                  "appId": "source_application",
                  "sticker": "interactive_asset_uri",
                  "topColor": "top_background_color",
                  "bottomColor": "bottom_background_color"
                },
                "grants": ["sticker"],
                "source": "Meta, Instagram Sharing to Stories (Android: setDataAndType for the background, interactive_asset_uri granted with grantUriPermission)"
              },
              "roles": {
                "backgroundVideo": [
                  {
                    "rule": "file.truncated",
                    "severity": "error",
                    "source": "reelshare: a file cut short cannot be read in full"
                  },
                  {
                    "rule": "video.decode",
                    "severity": "error",
                    "source": "reelshare: frames that do not decode play as glitches, or the app refuses the clip"
                  },
                  {
                    "rule": "video.container",
                    "severity": "error",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026",
                    "allowed": ["mp4", "mov", "webm"],
                    "tolerated": [
                      {
                        "value": "3gp",
                        "note": "3GP is not among the containers Meta lists, but AVFoundation (public.3gpp) and Android's MediaExtractor both open it; remuxing to MP4 is lossless",
                        "source": "Apple, AVFileType.mobile3GPP; Android Developers, Supported media formats (3GPP .3gp)"
                      }
                    ]
                  },
                  {
                    "rule": "video.codec",
                    "severity": "error",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026",
                    "allowed": ["h264", "hevc", "vp8", "vp9"]
                  },
                  {
                    "rule": "video.codec-container",
                    "severity": "error",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026",
                    "allowed": ["mp4/h264", "mp4/hevc", "mov/h264", "mov/hevc", "3gp/h264", "3gp/hevc", "webm/vp8", "webm/vp9"],
                    "note": "H.264 and H.265 in MP4/MOV, VP8 and VP9 in WebM"
                  },
                  {
                    "rule": "video.codec-tag",
                    "severity": "error",
                    "source": "Apple, HLS Authoring Specification for Apple Devices, 1.10 (sample entries avc1, hvc1 or dvh1, not hev1 or dvhe); flutter/flutter #163526, HandBrake/HandBrake #1062",
                    "platforms": ["ios"],
                    "allowed": ["hevc/hvc1", "hevc/dvh1"],
                    "note": "iPhones play HEVC as hvc1 (or dvh1 for Dolby Vision), with its parameter sets in the sample entry; libx265 and ffmpeg write hev1 unless told otherwise, and retagging is lossless"
                  },
                  {
                    "rule": "video.profile",
                    "severity": "error",
                    "source": "Apple, HLS Authoring Specification for Apple Devices, 1.3 (H.264 at most High Profile) and 1.6 (HEVC at most Main 10); jellyfin/jellyfin-ios #106, kaltura/nginx-vod-module #1333",
                    "platforms": ["ios"],
                    "allowed": ["h264/Constrained Baseline", "h264/Baseline", "h264/Main", "h264/High", "hevc/Main", "hevc/Main 10"],
                    "note": "an iPhone's decoder takes H.264 up to High (8-bit 4:2:0) and HEVC Main and Main 10; H.264 High 10, 4:2:2 and 4:4:4 do not play"
                  },
                  {
                    "rule": "video.profile",
                    "severity": "warning",
                    "source": "Android Developers, Supported media formats (H.264 Baseline and Main); google/ExoPlayer #9424",
                    "platforms": ["android"],
                    "allowed": ["h264/Constrained Baseline", "h264/Baseline", "h264/Main", "h264/High"],
                    "note": "Android guarantees H.264 Baseline and Main, and phones decode High; High 10, 4:2:2 and 4:4:4 play only where the device's decoder does"
                  },
                  {
                    "rule": "video.duration.max",
                    "severity": "error",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026",
                    "max": 20
                  },
                  {
                    "rule": "video.resolution",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026",
                    "max": 1080,
                    "note": "\"videos can be 1080p\""
                  },
                  {
                    "rule": "file.size",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026",
                    "max": 50000000,
                    "note": "under 50 MB is recommended"
                  }
                ],
                "backgroundImage": [
                  {
                    "rule": "image.format",
                    "severity": "error",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026",
                    "allowed": ["png", "jpeg"]
                  },
                  {
                    "rule": "image.dimensions",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026",
                    "width": 720,
                    "height": 1280,
                    "mode": "min",
                    "note": "'Minimum dimensions 720x1280'; the Japanese edition of the page says maximum (最大サイズ)"
                  },
                  {
                    "rule": "image.aspect",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026",
                    "allowed": ["9:16", "9:18"],
                    "note": "recommended image ratios 9:16 or 9:18"
                  },
                  {
                    "rule": "image.animated",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026: a sticker or background is 'an image asset (JPG, PNG)', a still picture",
                    "note": "the app reads an image's first frame"
                  },
                  {
                    "rule": "file.size",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026",
                    "max": 50000000,
                    "note": "Meta recommends under 50 MB for a shared video and gives no figure for images; a bigger image is slow to hand over"
                  }
                ],
                "sticker": [
                  {
                    "rule": "image.format",
                    "severity": "error",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026",
                    "allowed": ["png", "jpeg"]
                  },
                  {
                    "rule": "image.dimensions",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026",
                    "width": 640,
                    "height": 480,
                    "mode": "max",
                    "note": "640x480 is recommended"
                  },
                  {
                    "rule": "image.animated",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026: a sticker or background is 'an image asset (JPG, PNG)', a still picture",
                    "note": "the app reads an image's first frame"
                  },
                  {
                    "rule": "file.size",
                    "severity": "warning",
                    "source": "Meta, Instagram Sharing to Stories, updated Jun 30 2026",
                    "max": 50000000,
                    "note": "Meta recommends under 50 MB for a shared video and gives no figure for images; a bigger image is slow to hand over"
                  }
                ]
              },
              "advisories": [
                {
                  "id": "no-split-over-15s",
                  "when": "video-longer-than",
                  "seconds": 15,
                  "platforms": ["ios"],
                  "message": "Instagram Stories on iOS does not split a video longer than 15 s into several stories as Android does: only its first 15 s are posted",
                  "source": "react-native-share/react-native-share #1279 and its reproduction #1280"
                },
                {
                  "id": "content-url-ignored",
                  "when": "content-url",
                  "platforms": ["ios"],
                  "message": "contentURL (the attribution link) was a closed beta for approved apps and is gone from Meta's page; the app ignores it",
                  "source": "Meta, Instagram Sharing to Stories (older edition: 'closed beta ... approved for access'); react-native-share/react-native-share #1265, #1354; ShekarMudaliyar/social_share #93"
                }
              ],
              "layout": {
                "background": {"fit": "fill", "source": "Meta, Sharing to Stories: 'The background layer fills the screen'; covering (cropped) rather than bars after react-native-share/react-native-share #1560 ('full zoomed in')", "approximation": true},
                "colors": {"top": "#222222", "bottom": "#222222", "source": "Meta documents no default colours; #222222 is the default of share plugins (open_social_share)", "approximation": true},
                "sticker": {"width": 0.6, "height": 0.4, "centerX": 0.5, "centerY": 0.5, "source": "Meta, Sharing to Stories: 'This image will be placed as a sticker over the background', 640x480 recommended; centred and scaled to a box of 60% x 40% of the screen, after ShekarMudaliyar/social_share #119 and #101 (a large sticker is shown shrunk)", "approximation": true},
                "safeZones": {"top": 0.14, "bottom": 0.20, "source": "Meta, Ads Guide, Stories: 'leaving roughly 14% (250 pixels) of the top and 20% (340 pixels) of the bottom ... free' (for ads; the composer's own interface is undocumented); Facebook Sharing to Stories: 'Reserve the top and bottom of your story for the Facebook Stories UI'", "approximation": true}
              }
            },
            {
              "id": "fb-stories",
              "name": "Facebook Stories",
              "purpose": "share",
              "summary": "Share a background (video, image or colours) and/or a sticker into the Facebook Stories composer.",
              "needs": "background-or-sticker",
              "ios": {
                "url": "facebook-stories://share",
                "queryScheme": "facebook-stories",
                "keyPrefix": "com.facebook.sharedSticker.",
                "appId": {"in": "pasteboard", "name": "appID"},
                "keys": {
                  "backgroundVideo": "backgroundVideo",
                  "stickerImage": "stickerImage",
                  "backgroundImage": "backgroundImage",
                  "backgroundTopColor": "backgroundTopColor",
                  "backgroundBottomColor": "backgroundBottomColor"
                },
                "infoPlist": ["FacebookAppID"],
                "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022 ('Add the ID to your app's Info.plist file')"
              },
              "android": {
                "action": "com.facebook.stories.ADD_TO_STORY",
                "package": "com.facebook.katana",
                "queryProviders": ["com.facebook.katana.provider.PlatformProvider"],
                "types": {"backgroundVideo": "own", "backgroundImage": "own", "sticker": "own"},
                "background": ["data"],
                "extras": {
                  "appId": "com.facebook.platform.extra.APPLICATION_ID",
                  "sticker": "interactive_asset_uri",
                  "topColor": "top_background_color",
                  "bottomColor": "bottom_background_color"
                },
                "grants": ["sticker"],
                "source": "Meta, Facebook Sharing to Stories for Android Developers, updated Apr 17 2026"
              },
              "roles": {
                "backgroundVideo": [
                  {
                    "rule": "file.truncated",
                    "severity": "error",
                    "source": "reelshare: a file cut short cannot be read in full"
                  },
                  {
                    "rule": "video.decode",
                    "severity": "error",
                    "source": "reelshare: frames that do not decode play as glitches, or the app refuses the clip"
                  },
                  {
                    "rule": "video.container",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022",
                    "allowed": ["mp4", "mov", "webm"],
                    "tolerated": [
                      {
                        "value": "3gp",
                        "note": "3GP is not among the containers Meta lists, but AVFoundation (public.3gpp) and Android's MediaExtractor both open it; remuxing to MP4 is lossless",
                        "source": "Apple, AVFileType.mobile3GPP; Android Developers, Supported media formats (3GPP .3gp)"
                      }
                    ]
                  },
                  {
                    "rule": "video.codec",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022",
                    "allowed": ["h264", "hevc", "vp8", "vp9"]
                  },
                  {
                    "rule": "video.codec-container",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022",
                    "allowed": ["mp4/h264", "mp4/hevc", "mov/h264", "mov/hevc", "3gp/h264", "3gp/hevc", "webm/vp8", "webm/vp9"],
                    "note": "H.264 and H.265 in MP4/MOV, VP8 and VP9 in WebM"
                  },
                  {
                    "rule": "video.codec-tag",
                    "severity": "error",
                    "source": "Apple, HLS Authoring Specification for Apple Devices, 1.10 (sample entries avc1, hvc1 or dvh1, not hev1 or dvhe); flutter/flutter #163526, HandBrake/HandBrake #1062",
                    "platforms": ["ios"],
                    "allowed": ["hevc/hvc1", "hevc/dvh1"],
                    "note": "iPhones play HEVC as hvc1 (or dvh1 for Dolby Vision), with its parameter sets in the sample entry; libx265 and ffmpeg write hev1 unless told otherwise, and retagging is lossless"
                  },
                  {
                    "rule": "video.profile",
                    "severity": "error",
                    "source": "Apple, HLS Authoring Specification for Apple Devices, 1.3 (H.264 at most High Profile) and 1.6 (HEVC at most Main 10); jellyfin/jellyfin-ios #106, kaltura/nginx-vod-module #1333",
                    "platforms": ["ios"],
                    "allowed": ["h264/Constrained Baseline", "h264/Baseline", "h264/Main", "h264/High", "hevc/Main", "hevc/Main 10"],
                    "note": "an iPhone's decoder takes H.264 up to High (8-bit 4:2:0) and HEVC Main and Main 10; H.264 High 10, 4:2:2 and 4:4:4 do not play"
                  },
                  {
                    "rule": "video.profile",
                    "severity": "warning",
                    "source": "Android Developers, Supported media formats (H.264 Baseline and Main); google/ExoPlayer #9424",
                    "platforms": ["android"],
                    "allowed": ["h264/Constrained Baseline", "h264/Baseline", "h264/Main", "h264/High"],
                    "note": "Android guarantees H.264 Baseline and Main, and phones decode High; High 10, 4:2:2 and 4:4:4 play only where the device's decoder does"
                  },
                  {
                    "rule": "video.duration.max",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022",
                    "max": 20
                  },
                  {
                    "rule": "video.resolution",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022",
                    "max": 1080,
                    "note": "\"videos can be 1080p\""
                  },
                  {
                    "rule": "file.size",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022",
                    "max": 50000000,
                    "note": "under 50 MB is recommended"
                  }
                ],
                "backgroundImage": [
                  {
                    "rule": "image.format",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022",
                    "allowed": ["png", "jpeg"]
                  },
                  {
                    "rule": "image.aspect",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022",
                    "allowed": ["9:16"],
                    "note": "'device fullscreen or smaller', recommended ratio 9:16"
                  },
                  {
                    "rule": "image.dimensions",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022",
                    "width": 2160,
                    "height": 3840,
                    "mode": "max",
                    "note": "'Recommended dimensions: device fullscreen or smaller'; no phone screen is larger than 2160x3840 (Sony's 4K phones are 1644x3840)"
                  },
                  {
                    "rule": "image.animated",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022: a sticker or background is 'an image asset (JPG, PNG)', a still picture",
                    "note": "the app reads an image's first frame"
                  },
                  {
                    "rule": "file.size",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022",
                    "max": 50000000,
                    "note": "Meta recommends under 50 MB for a shared video and gives no figure for images; a bigger image is slow to hand over"
                  }
                ],
                "sticker": [
                  {
                    "rule": "image.format",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022",
                    "allowed": ["png", "jpeg"]
                  },
                  {
                    "rule": "image.dimensions",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022",
                    "width": 640,
                    "height": 480,
                    "mode": "max",
                    "note": "640x480 is recommended"
                  },
                  {
                    "rule": "image.animated",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022: a sticker or background is 'an image asset (JPG, PNG)', a still picture",
                    "note": "the app reads an image's first frame"
                  },
                  {
                    "rule": "file.size",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS Developers, updated Sep 25 2022",
                    "max": 50000000,
                    "note": "Meta recommends under 50 MB for a shared video and gives no figure for images; a bigger image is slow to hand over"
                  }
                ]
              },
              "advisories": [
                {
                  "id": "bounces-back",
                  "when": "always",
                  "platforms": ["ios"],
                  "message": "Facebook on iOS has been seen to open and return at once without posting, with a background image (since iOS 18) and with a sticker alone; nothing in the payload is known to cause it",
                  "source": "appinioGmbH/flutter_packages #315 (with backgroundImage, iOS 18); react-native-share/react-native-share #1377 (with the backgroundImage omitted), #1644"
                }
              ],
              "layout": {
                "background": {"fit": "fill", "source": "Meta, Sharing to Stories: 'The background layer fills the screen'; covering (cropped) rather than bars after react-native-share/react-native-share #1560 ('full zoomed in')", "approximation": true},
                "colors": {"top": "#222222", "bottom": "#222222", "source": "Meta documents no default colours; #222222 is the default of share plugins (open_social_share)", "approximation": true},
                "sticker": {"width": 0.6, "height": 0.4, "centerX": 0.5, "centerY": 0.5, "source": "Meta, Sharing to Stories: 'This image will be placed as a sticker over the background', 640x480 recommended; centred and scaled to a box of 60% x 40% of the screen, after ShekarMudaliyar/social_share #119 and #101 (a large sticker is shown shrunk)", "approximation": true},
                "safeZones": {"top": 0.14, "bottom": 0.20, "source": "Meta, Ads Guide, Stories: 'leaving roughly 14% (250 pixels) of the top and 20% (340 pixels) of the bottom ... free' (for ads; the composer's own interface is undocumented); Facebook Sharing to Stories: 'Reserve the top and bottom of your story for the Facebook Stories UI'", "approximation": true}
              }
            },
            {
              "id": "ig-reels-api",
              "name": "Instagram Reels (Graph API publishing)",
              "purpose": "publish",
              "summary": "Validate only: a Reel published through the Instagram Graph API.",
              "roles": {
                "backgroundVideo": [
                  {
                    "rule": "file.truncated",
                    "severity": "error",
                    "source": "reelshare: a file cut short cannot be read in full"
                  },
                  {
                    "rule": "video.decode",
                    "severity": "error",
                    "source": "reelshare: frames that do not decode play as glitches, or the app refuses the clip"
                  },
                  {
                    "rule": "video.container",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "allowed": ["mp4", "mov"]
                  },
                  {
                    "rule": "video.fast-start",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "note": "moov atom at the front"
                  },
                  {
                    "rule": "video.edit-list",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "note": "no edit lists"
                  },
                  {
                    "rule": "video.codec",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "allowed": ["h264", "hevc"]
                  },
                  {
                    "rule": "video.chroma",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "allowed": ["4:2:0"]
                  },
                  {
                    "rule": "video.decodes",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "note": "progressive, decodable video"
                  },
                  {
                    "rule": "video.frame-rate",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "min": 23,
                    "max": 60
                  },
                  {
                    "rule": "video.width",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "max": 1920
                  },
                  {
                    "rule": "video.aspect",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "min": 0.01,
                    "max": 10,
                    "note": "9:16 is recommended"
                  },
                  {
                    "rule": "video.bitrate",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "max": 25000000,
                    "note": "VBR, 25 Mbps at most"
                  },
                  {
                    "rule": "audio.codec",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "allowed": ["aac"]
                  },
                  {
                    "rule": "audio.sample-rate",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "max": 48000
                  },
                  {
                    "rule": "audio.channels",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "min": 1,
                    "max": 2
                  },
                  {
                    "rule": "audio.bitrate",
                    "severity": "warning",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "max": 128000,
                    "note": "128 kbps"
                  },
                  {
                    "rule": "video.duration.min",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "min": 3
                  },
                  {
                    "rule": "video.duration.max",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "max": 900
                  },
                  {
                    "rule": "file.size",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Reels specifications",
                    "max": 300000000,
                    "note": "older pages say 1 GB"
                  }
                ]
              }
            },
            {
              "id": "ig-stories-api",
              "name": "Instagram Stories (Graph API publishing)",
              "purpose": "publish",
              "summary": "Validate only: a Story video published through the Instagram Graph API.",
              "roles": {
                "backgroundVideo": [
                  {
                    "rule": "file.truncated",
                    "severity": "error",
                    "source": "reelshare: a file cut short cannot be read in full"
                  },
                  {
                    "rule": "video.decode",
                    "severity": "error",
                    "source": "reelshare: frames that do not decode play as glitches, or the app refuses the clip"
                  },
                  {
                    "rule": "video.container",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Story video specifications",
                    "allowed": ["mp4", "mov"]
                  },
                  {
                    "rule": "video.codec",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Story video specifications",
                    "allowed": ["h264", "hevc"]
                  },
                  {
                    "rule": "video.chroma",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Story video specifications",
                    "allowed": ["4:2:0"]
                  },
                  {
                    "rule": "video.decodes",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Story video specifications"
                  },
                  {
                    "rule": "video.duration.min",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Story video specifications",
                    "min": 3
                  },
                  {
                    "rule": "video.duration.max",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Story video specifications",
                    "max": 60
                  },
                  {
                    "rule": "file.size",
                    "severity": "error",
                    "source": "Meta, IG User Media reference, Story video specifications",
                    "max": 100000000
                  }
                ]
              }
            },
            {
              "id": "fb-reels-api",
              "name": "Facebook Reels (Video API publishing)",
              "purpose": "publish",
              "summary": "Validate only: a Reel published through the Facebook Reels Publishing API.",
              "roles": {
                "backgroundVideo": [
                  {
                    "rule": "file.truncated",
                    "severity": "error",
                    "source": "reelshare: a file cut short cannot be read in full"
                  },
                  {
                    "rule": "video.decode",
                    "severity": "error",
                    "source": "reelshare: frames that do not decode play as glitches, or the app refuses the clip"
                  },
                  {
                    "rule": "video.codec",
                    "severity": "error",
                    "source": "Meta, Facebook Reels Publishing API, video specifications",
                    "allowed": ["h264", "hevc", "vp9", "av1"]
                  },
                  {
                    "rule": "video.decodes",
                    "severity": "error",
                    "source": "Meta, Facebook Reels Publishing API, video specifications"
                  },
                  {
                    "rule": "video.aspect",
                    "severity": "warning",
                    "source": "Meta, Facebook Reels Publishing API, video specifications",
                    "min": 0.55,
                    "max": 0.575,
                    "note": "9:16 is required for Reels"
                  },
                  {
                    "rule": "video.resolution",
                    "severity": "error",
                    "source": "Meta, Facebook Reels Publishing API, video specifications",
                    "min": 540,
                    "note": "at least 540x960; 1080x1920 is recommended"
                  },
                  {
                    "rule": "video.frame-rate",
                    "severity": "error",
                    "source": "Meta, Facebook Reels Publishing API, video specifications",
                    "min": 24,
                    "max": 60
                  },
                  {
                    "rule": "video.frame-rate.constant",
                    "severity": "error",
                    "source": "Meta, Facebook Reels Publishing API, video specifications",
                    "note": "fixed frame rate"
                  },
                  {
                    "rule": "video.keyframe-interval",
                    "severity": "error",
                    "source": "Meta, Facebook Reels Publishing API, video specifications",
                    "min": 2,
                    "max": 5,
                    "note": "closed GOP of 2 to 5 seconds"
                  },
                  {
                    "rule": "video.duration.min",
                    "severity": "error",
                    "source": "Meta, Facebook Reels Publishing API, video specifications",
                    "min": 3
                  },
                  {
                    "rule": "video.duration.max",
                    "severity": "error",
                    "source": "Meta, Facebook Reels Publishing API, video specifications",
                    "max": 90
                  },
                  {
                    "rule": "audio.codec",
                    "severity": "error",
                    "source": "Meta, Facebook Reels Publishing API, video specifications",
                    "allowed": ["aac"],
                    "note": "AAC-LC"
                  },
                  {
                    "rule": "audio.sample-rate",
                    "severity": "error",
                    "source": "Meta, Facebook Reels Publishing API, video specifications",
                    "min": 48000,
                    "max": 48000
                  },
                  {
                    "rule": "audio.channels",
                    "severity": "error",
                    "source": "Meta, Facebook Reels Publishing API, video specifications",
                    "min": 2,
                    "max": 2,
                    "note": "stereo"
                  },
                  {
                    "rule": "audio.bitrate",
                    "severity": "warning",
                    "source": "Meta, Facebook Reels Publishing API, video specifications",
                    "min": 128000,
                    "note": "128 kbps or more"
                  }
                ]
              }
            }
          ]
        }
        """#
}
