// The built-in target profiles, in the same JSON schema that `--profile FILE.json` reads and
// `reelshare targets --format json` prints. The numbers and their sources are those of
// ../shared/reference/share-targets.md; where Meta's documents disagree, the note says so.

enum BuiltinProfiles {
    static let json = #"""
        {
          "schemaVersion": 2,
          "targets": [
            {
              "id": "ig-reels",
              "name": "Instagram Reels",
              "purpose": "share",
              "summary": "Share a background video (and an optional sticker) into the Instagram Reels composer.",
              "needs": "background-video",
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
                "type": "video/*",
                "background": ["stream"],
                "extras": {
                  "appId": "com.instagram.platform.extra.APPLICATION_ID",
                  "packageName": "source_application",
                  "sticker": "interactive_asset_uri"
                },
                "grants": ["sticker"],
                "source": "Meta, Sharing to Reels/Stories for Android"
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
                    "allowed": ["mp4", "mov", "webm"]
                  },
                  {
                    "rule": "video.codec",
                    "severity": "error",
                    "source": "Meta, Instagram Sharing to Reels From iOS, seed 000",
                    "allowed": ["h264", "hevc", "vp8", "vp9"]
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
                  }
                ]
              },
              "advisories": []
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
                "type": "video/*",
                "background": ["data"],
                "extras": {
                  "appId": "com.facebook.platform.extra.APPLICATION_ID",
                  "sticker": "interactive_asset_uri"
                },
                "grants": ["sticker"],
                "source": "Meta, Sharing to Reels/Stories for Android"
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
                    "allowed": ["mp4", "mov", "webm"]
                  },
                  {
                    "rule": "video.codec",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Reels From iOS, seed 001",
                    "allowed": ["h264", "hevc", "vp8", "vp9"]
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
                  }
                ]
              },
              "advisories": []
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
                "source": "Meta, Sharing to Stories, updated Jun 30 2026"
              },
              "android": {
                "action": "com.instagram.share.ADD_TO_STORY",
                "package": "com.instagram.android",
                "type": "background",
                "background": ["data"],
                "extras": {
                  "appId": "source_application",
                  "sticker": "interactive_asset_uri",
                  "topColor": "top_background_color",
                  "bottomColor": "bottom_background_color"
                },
                "grants": ["sticker"],
                "source": "Meta, Sharing to Reels/Stories for Android"
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
                    "source": "Meta, Sharing to Stories, updated Jun 30 2026",
                    "allowed": ["mp4", "mov", "webm"]
                  },
                  {
                    "rule": "video.codec",
                    "severity": "error",
                    "source": "Meta, Sharing to Stories, updated Jun 30 2026",
                    "allowed": ["h264", "hevc", "vp8", "vp9"]
                  },
                  {
                    "rule": "video.duration.max",
                    "severity": "error",
                    "source": "Meta, Sharing to Stories, updated Jun 30 2026",
                    "max": 20
                  },
                  {
                    "rule": "video.resolution",
                    "severity": "warning",
                    "source": "Meta, Sharing to Stories, updated Jun 30 2026",
                    "max": 1080,
                    "note": "\"videos can be 1080p\""
                  },
                  {
                    "rule": "file.size",
                    "severity": "warning",
                    "source": "Meta, Sharing to Stories, updated Jun 30 2026",
                    "max": 50000000,
                    "note": "under 50 MB is recommended"
                  }
                ],
                "backgroundImage": [
                  {
                    "rule": "image.format",
                    "severity": "error",
                    "source": "Meta, Sharing to Stories, updated Jun 30 2026",
                    "allowed": ["png", "jpeg"]
                  },
                  {
                    "rule": "image.dimensions",
                    "severity": "warning",
                    "source": "Meta, Sharing to Stories, updated Jun 30 2026",
                    "width": 720,
                    "height": 1280,
                    "mode": "exact",
                    "note": "Meta's English page calls 720x1280 a minimum, its Japanese page a maximum"
                  },
                  {
                    "rule": "image.aspect",
                    "severity": "warning",
                    "source": "Meta, Sharing to Stories, updated Jun 30 2026",
                    "allowed": ["9:16", "9:18"],
                    "note": "9:16 or 9:18 is recommended"
                  }
                ],
                "sticker": [
                  {
                    "rule": "image.format",
                    "severity": "error",
                    "source": "Meta, Sharing to Stories, updated Jun 30 2026",
                    "allowed": ["png", "jpeg"]
                  },
                  {
                    "rule": "image.dimensions",
                    "severity": "warning",
                    "source": "Meta, Sharing to Stories, updated Jun 30 2026",
                    "width": 640,
                    "height": 480,
                    "mode": "max",
                    "note": "640x480 is recommended"
                  }
                ]
              },
              "advisories": []
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
                "source": "Meta, Facebook Sharing to Stories for iOS, Sep 2022"
              },
              "android": {
                "action": "com.facebook.stories.ADD_TO_STORY",
                "package": "com.facebook.katana",
                "type": "background",
                "background": ["data"],
                "extras": {
                  "appId": "com.facebook.platform.extra.APPLICATION_ID",
                  "sticker": "interactive_asset_uri",
                  "topColor": "top_background_color",
                  "bottomColor": "bottom_background_color"
                },
                "grants": ["sticker"],
                "source": "Meta, Sharing to Reels/Stories for Android"
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
                    "source": "Meta, Facebook Sharing to Stories for iOS, Sep 2022",
                    "allowed": ["mp4", "mov", "webm"]
                  },
                  {
                    "rule": "video.codec",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Stories for iOS, Sep 2022",
                    "allowed": ["h264", "hevc", "vp8", "vp9"]
                  },
                  {
                    "rule": "video.duration.max",
                    "severity": "error",
                    "source": "Meta, Sharing to Stories, updated Jun 30 2026",
                    "max": 20
                  },
                  {
                    "rule": "video.resolution",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS, Sep 2022",
                    "max": 1080,
                    "note": "\"videos can be 1080p\""
                  },
                  {
                    "rule": "file.size",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS, Sep 2022",
                    "max": 50000000,
                    "note": "under 50 MB is recommended"
                  }
                ],
                "backgroundImage": [
                  {
                    "rule": "image.format",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Stories for iOS, Sep 2022",
                    "allowed": ["png", "jpeg"]
                  },
                  {
                    "rule": "image.dimensions",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS, Sep 2022",
                    "width": 720,
                    "height": 1280,
                    "mode": "exact",
                    "note": "Meta's English page calls 720x1280 a minimum, its Japanese page a maximum"
                  },
                  {
                    "rule": "image.aspect",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS, Sep 2022",
                    "allowed": ["9:16", "9:18"],
                    "note": "9:16 or 9:18 is recommended"
                  }
                ],
                "sticker": [
                  {
                    "rule": "image.format",
                    "severity": "error",
                    "source": "Meta, Facebook Sharing to Stories for iOS, Sep 2022",
                    "allowed": ["png", "jpeg"]
                  },
                  {
                    "rule": "image.dimensions",
                    "severity": "warning",
                    "source": "Meta, Facebook Sharing to Stories for iOS, Sep 2022",
                    "width": 640,
                    "height": 480,
                    "mode": "max",
                    "note": "640x480 is recommended"
                  }
                ]
              },
              "advisories": []
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
