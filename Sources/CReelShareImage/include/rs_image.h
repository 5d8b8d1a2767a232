// rs_image: a flat C API over libpng, libjpeg and libwebp for checking sticker and background images.
//
// Both decoders report errors by longjmp; every setjmp/longjmp stays inside this target's C
// functions and never crosses a Swift frame. Images are decoded fully, one row at a time, read in
// chunks from the file (or a buffer, for fuzzing), so that a bad CRC or a truncated scan is caught
// while memory stays at one row and one chunk, whatever the photo's size.
#ifndef RS_IMAGE_H
#define RS_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rs_img_status {
    RS_IMG_OK = 0,
    RS_IMG_CORRUPT = 1,    // not a valid PNG/JPEG, or damaged data
    RS_IMG_TOO_LARGE = 2,  // beyond the limits, or more pixels than the file can hold; nothing allocated
    RS_IMG_INTERNAL = 3,   // out of memory
    RS_IMG_TIMEOUT = 4,    // decoding took longer than the time budget
    RS_IMG_UNREADABLE = 5, // the file could not be read
    RS_IMG_UNSUPPORTED = 6, // valid, but not of the kind these decoders read (a 12-bit JPEG); the
                            // info holds what its header says
} rs_img_status;

typedef struct rs_img_limits {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_pixels;
    /// What libjpeg may allocate (a progressive JPEG keeps every coefficient until its last scan).
    uint64_t max_decoder_memory;
    /// <= 0: no time budget.
    double timeout_seconds;
} rs_img_limits;

/// The colour model of an image's pixels.
typedef enum rs_img_color_type {
    RS_IMG_COLOR_UNKNOWN = 0,
    RS_IMG_COLOR_GREY = 1,
    RS_IMG_COLOR_GREY_ALPHA = 2,
    RS_IMG_COLOR_PALETTE = 3,
    RS_IMG_COLOR_RGB = 4,
    RS_IMG_COLOR_RGBA = 5,
    RS_IMG_COLOR_CMYK = 6,
} rs_img_color_type;

/// The colour space a JPEG is encoded in.
typedef enum rs_img_color_space {
    RS_IMG_SPACE_UNKNOWN = 0, // not a JPEG, or one libjpeg does not name
    RS_IMG_SPACE_GREY = 1,
    RS_IMG_SPACE_YCBCR = 2,
    RS_IMG_SPACE_RGB = 3,
    RS_IMG_SPACE_CMYK = 4,
    RS_IMG_SPACE_YCCK = 5,
} rs_img_color_space;

typedef struct rs_img_info {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    /// The colour model of the pixels.
    rs_img_color_type color_type;
    /// JPEG only: the encoded colour space.
    rs_img_color_space color_space;
    int channels;
    int has_alpha;       // an alpha channel or a PNG tRNS chunk
    int all_transparent; // PNG with alpha: every pixel's alpha is 0 (nothing shows); else 0
    int icc_ignored;     // PNG: its iCCP chunk is invalid and libpng ignores the profile
    int interlaced;      // PNG Adam7
    int progressive;     // JPEG progressive scans
    int frame_count;     // PNG: the APNG acTL frame count, 1 for a still image; JPEG: 1
    int orientation;     // EXIF orientation 1-8 (JPEG APP1, PNG eXIf), 0 when absent
    int apple_cgbi;      // PNG: Apple's CgBI variant (raw deflate of premultiplied BGRA), read
                         // without libpng
} rs_img_info;

/// Decodes a whole PNG: the regular file open on `fd` (read with pread from offset 0; `size` is
/// its size), or, when `fd` < 0, the `size` bytes at `data`.
rs_img_status rs_img_probe_png(int fd, const uint8_t *_Nullable data, size_t size, const rs_img_limits *_Nonnull limits,
                               rs_img_info *_Nonnull info, char *_Nonnull message, size_t message_size);

/// Decodes a whole JPEG, from a descriptor or a buffer as rs_img_probe_png.
rs_img_status rs_img_probe_jpeg(int fd, const uint8_t *_Nullable data, size_t size,
                                const rs_img_limits *_Nonnull limits, rs_img_info *_Nonnull info,
                                char *_Nonnull message, size_t message_size);

/// Pixels as 8-bit RGBA (straight alpha), rows top to bottom, as stored: EXIF orientation is not
/// applied (the caller turns them).
typedef struct rs_img_pixels {
    /// In: reduce so that the longer side comes down near this (0: full size). A JPEG decodes at
    /// 1/2, 1/4 or 1/8 of its size; then n x n pixels are averaged into one.
    uint32_t max_side;
    /// In: or reduce to what fitting the picture as shown (its EXIF orientation applied) into a
    /// box of fit_width x fit_height needs, no smaller (0: no box; max_side then says).
    uint32_t fit_width;
    uint32_t fit_height;
    /// Out: malloc'd, width * height * 4 bytes; free with rs_img_free.
    uint8_t *_Nullable rgba;
    uint32_t width;
    uint32_t height;
    /// Out: the ICC colour profile the image carries (PNG iCCP, JPEG APP2 ICC_PROFILE), malloc'd
    /// (free with rs_img_free); NULL when it has none. Its pixels mean colours in that profile
    /// (a phone's Display P3), so a picture written from them carries it on.
    uint8_t *_Nullable icc;
    size_t icc_size;
} rs_img_pixels;

/// Decodes a PNG (the regular file open on `fd`, `size` bytes) as rs_img_probe_png does, keeping
/// its pixels as RGBA in `pixels`. An interlaced PNG asked for at full size is held whole;
/// reduced, its passes' pixels are averaged into blocks as they come (16 bytes a block: past
/// limits->max_decoder_memory, RS_IMG_TOO_LARGE), the same pixels as a picture not interlaced;
/// reduced more than 257 times, it is drawn from its first Adam7 pass (every 8th pixel of every
/// 8th row), its other passes read only to check them.
/// The size needed for a fit box allows for a turn, which an eXIf chunk after the data may give.
rs_img_status rs_img_decode_png(int fd, size_t size, const rs_img_limits *_Nonnull limits, rs_img_info *_Nonnull info,
                                rs_img_pixels *_Nonnull pixels, char *_Nonnull message, size_t message_size);
/// Decodes a JPEG as rs_img_probe_jpeg does, keeping its pixels as RGBA (CMYK converted).
rs_img_status rs_img_decode_jpeg(int fd, size_t size, const rs_img_limits *_Nonnull limits, rs_img_info *_Nonnull info,
                                 rs_img_pixels *_Nonnull pixels, char *_Nonnull message, size_t message_size);
void rs_img_free(void *_Nullable pixels);

/// An animated (or still) WebP read through libwebp's WebPAnimDecoder (libwebpdemux), frame by
/// frame, each the whole canvas as RGBA with the frame's end time: what FFmpeg before 9 cannot
/// decode (an animated WebP's ANIM and ANMF chunks).
typedef struct rs_webp_anim rs_webp_anim;
/// Opens the WebP held in `data` (`size` bytes, kept by the caller while it is open). NULL, with a
/// one-line reason in `message`, when it does not decode or its canvas is beyond `limits`.
rs_webp_anim *_Nullable rs_webp_anim_open(const uint8_t *_Nonnull data, size_t size, const rs_img_limits *_Nonnull limits,
                                          uint32_t *_Nonnull width, uint32_t *_Nonnull height, uint32_t *_Nonnull frames,
                                          int64_t *_Nonnull duration_ms, char *_Nonnull message, size_t message_size);
/// The next frame: 1 with `rgba` (the canvas, width x height x 4, valid until the next call) and
/// `end_ms` (when it stops being shown, from the start); 0 after the last; -1 when damaged.
int rs_webp_anim_next(rs_webp_anim *_Nonnull anim, const uint8_t *_Nullable *_Nonnull rgba, int *_Nonnull end_ms);
/// Back to the first frame.
void rs_webp_anim_reset(rs_webp_anim *_Nonnull anim);
void rs_webp_anim_close(rs_webp_anim *_Nullable anim);
/// A WebP's first frame (the whole canvas), as the PNG and JPEG decoders give theirs: RGBA in
/// `pixels`, the canvas size in `info`. The regular file open on `fd` (`size` bytes) is read whole
/// (a sticker is small; past 64 MiB it is refused).
rs_img_status rs_img_decode_webp(int fd, size_t size, const rs_img_limits *_Nonnull limits, rs_img_info *_Nonnull info,
                                 rs_img_pixels *_Nonnull pixels, char *_Nonnull message, size_t message_size);

/// HEIF, HEIC and AVIF through libheif (its decoders: libde265 for HEVC, dav1d or libaom for AV1,
/// and what else the libheif linked was built with).
typedef struct rs_heif_info {
    /// The primary image as shown: its clean aperture, rotation and mirror applied.
    uint32_t width;
    uint32_t height;
    int has_alpha;
    int bit_depth;    // of luma
    int images;       // top-level images
    // Its colour code points are read from the colr box in Swift (FormatSniffer.heifCoding).
    /// The size of its ICC profile (colr prof or rICC), 0 when it has none.
    size_t icc_size;
} rs_heif_info;

/// The codecs a HEIF item may be coded with, for rs_heif_can_decode.
typedef enum rs_heif_codec {
    RS_HEIF_HEVC = 1,
    RS_HEIF_AV1 = 2,
    RS_HEIF_AVC = 3,
    RS_HEIF_JPEG = 4,
    RS_HEIF_VVC = 5,
    RS_HEIF_JPEG2000 = 6,
} rs_heif_codec;

/// The primary image's facts of the HEIF file open on `fd` (`size` bytes), its pixels not decoded.
/// Past the limits' sides or pixels: RS_IMG_TOO_LARGE. A file libheif cannot read for a feature
/// it lacks: RS_IMG_UNSUPPORTED.
rs_img_status rs_heif_probe(int fd, size_t size, const rs_img_limits *_Nonnull limits, rs_heif_info *_Nonnull info,
                            char *_Nonnull message, size_t message_size);

/// Decodes the primary image as shown (clean aperture, rotation and mirror applied) into 8-bit RGBA
/// (straight alpha) in `pixels`, reduced as it asks (max_side, or the fit box), its facts in
/// `info`; pixels->icc is the image's ICC profile. Both malloc'd: free with rs_img_free. The planes
/// are converted row by row (the matrix and range its colr box states, `matrix` and `full_range`,
/// -1 where it has none; else those the decoded image carries; else BT.601 full range, as libheif
/// assumes; each pixel takes the chroma sample covering it), so that only the planes and
/// the picture are held: refused (RS_IMG_TOO_LARGE) when they would need more than
/// limits->max_decoder_memory, before decoding at the planes `chroma_format` states (4:2:0's when
/// unknown) and after at the planes' own.
/// `chroma_format` is how the picture is coded (HEVC's chroma_format_idc: 0 monochrome, 1 4:2:0, 2
/// 4:2:2, 3 4:4:4; -1 unknown, for libheif to choose), which libheif before 1.17 does not tell.
rs_img_status rs_heif_decode(int fd, size_t size, int chroma_format, int matrix, int full_range,
                             const rs_img_limits *_Nonnull limits,
                             rs_heif_info *_Nonnull info, rs_img_pixels *_Nonnull pixels, char *_Nonnull message,
                             size_t message_size);
/// Whether the libheif linked has a decoder for `codec`.
int rs_heif_can_decode(rs_heif_codec codec);
const char *_Nonnull rs_heif_version(void);

/// Writes an RGBA picture as a PNG (8-bit RGBA, no interlace) to `fd`, tagged sRGB, or with the
/// ICC profile `icc` (`icc_size` bytes) when given (one libpng refuses is left out: sRGB). On
/// failure a one-line reason goes to `message`, and a failed write's errno to `write_error` (0
/// for other failures) when it is given.
rs_img_status rs_img_write_png(int fd, const uint8_t *_Nonnull rgba, uint32_t width, uint32_t height,
                               const uint8_t *_Nullable icc, size_t icc_size, int *_Nullable write_error,
                               char *_Nonnull message, size_t message_size);
/// Encodes an RGBA picture as a baseline JPEG (alpha dropped) in memory, with the ICC profile
/// `icc` when given: *out is malloc'd, free with rs_img_free.
rs_img_status rs_img_encode_jpeg(const uint8_t *_Nonnull rgba, uint32_t width, uint32_t height, int quality,
                                 const uint8_t *_Nullable icc, size_t icc_size, uint8_t *_Nullable *_Nonnull out,
                                 size_t *_Nonnull out_size, char *_Nonnull message, size_t message_size);

/// Whether an ICC profile describes RGB colours and is whole: its size field, signature, colour
/// spaces, rendering intent and tag table are consistent. Grey, CMYK, device-link and malformed
/// profiles are left out of the pictures reelshare writes (PNG: tagged sRGB instead).
int rs_img_icc_usable(const uint8_t *_Nullable profile, size_t length);

const char *_Nonnull rs_img_png_version(void);
/// The libpng this binary was compiled against.
const char *_Nonnull rs_img_png_built_version(void);
const char *_Nonnull rs_img_jpeg_version(void);

#ifdef __cplusplus
}
#endif

#endif
