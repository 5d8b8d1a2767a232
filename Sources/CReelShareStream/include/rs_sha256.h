// rs_sha256: SHA-256 (FIPS 180-4), written here so that no cryptography library is linked for
// one digest: OpenSSL's EVP interface, linked statically, brought 3.7 MB into the portable binary.
// Blocks go through the CPU's SHA instructions where it has them (x86-64 SHA extensions), else
// through the scalar rounds; both give the same digest (tested against each other and against
// FIPS 180-4's examples).
#ifndef RS_SHA256_H
#define RS_SHA256_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rs_sha256 {
    uint32_t state[8];
    uint64_t bytes;      // message bytes so far
    uint8_t pending[64]; // the part of a block not yet compressed
    size_t used;         // bytes in `pending`
    int scalar;          // the scalar rounds even where the CPU has SHA instructions (tests)
} rs_sha256;

/// Starts a digest; `scalar` non-zero uses the scalar rounds whatever the CPU has.
void rs_sha256_init(rs_sha256 *_Nonnull context, int scalar);
void rs_sha256_update(rs_sha256 *_Nonnull context, const void *_Nullable data, size_t length);
/// Writes the 32-byte digest; the context is then spent.
void rs_sha256_final(rs_sha256 *_Nonnull context, uint8_t *_Nonnull digest);
/// Whether this CPU's SHA instructions are used (1) or the scalar rounds (0).
int rs_sha256_uses_instructions(void);

#ifdef __cplusplus
}
#endif

#endif
