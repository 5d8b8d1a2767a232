// rs_av_bits: the bounds-checked bit reader of the bitstream readers (rs_av_codec.c,
// rs_av_codec_nal.c), inside CReelShareAV only: a read past the end sets `overrun` and gives 0.
#ifndef RS_AV_BITS_H
#define RS_AV_BITS_H

#include <stddef.h>
#include <stdint.h>

typedef struct bit_reader {
    const uint8_t *data;
    size_t size_bits;
    size_t at;
    int overrun;
} bit_reader;

static inline unsigned bits(bit_reader *r, int n) {
    unsigned v = 0;
    for (int i = 0; i < n; i++) {
        if (r->at >= r->size_bits) {
            r->overrun = 1;
            return 0;
        }
        v = (v << 1) | ((r->data[r->at >> 3] >> (7 - (r->at & 7))) & 1);
        r->at++;
    }
    return v;
}

static inline unsigned exp_golomb(bit_reader *r) {
    int zeros = 0;
    while (bits(r, 1) == 0) {
        if (r->overrun || ++zeros > 31) {
            r->overrun = 1;
            return 0;
        }
    }
    return ((1u << zeros) - 1) + bits(r, zeros);
}

static inline int signed_golomb(bit_reader *r) {
    unsigned k = exp_golomb(r); // below 2^32 - 1: (k + 1) / 2 and k / 2 fit an int
    return (k & 1) ? (int)((k / 2) + 1) : -(int)(k / 2);
}


/// A colour code point as the layout keeps it: 2 ("unspecified") and reserved values say nothing.
static inline int stated_colour(unsigned value) { return value == 2 || value > 255 ? -1 : (int)value; }

#endif
