// rs_stream.c: streaming base64 + SHA-256 of the same bytes.
#ifdef __linux__
#define _GNU_SOURCE // sync_file_range
#endif
#include "rs_stream.h"
#include "rs_io.h"
#include "rs_sha256.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    CHUNK = 3 * 256 * 1024,  // input bytes per read: a multiple of 3, so chunks encode alone
    ENCODED = CHUNK / 3 * 4, // output characters per chunk
    RING = 3,                // chunks in flight between the encoder and the hasher
};

// MARK: - Base64

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
// Two output characters for each 12-bit value: one lookup per half of a 3-byte group.
static uint16_t pairs[4096];
static pthread_once_t pairs_once = PTHREAD_ONCE_INIT;

static void make_pairs(void) {
    for (int i = 0; i < 4096; i++) {
        char two[2] = {alphabet[i >> 6], alphabet[i & 63]};
        memcpy(&pairs[i], two, 2);
    }
}

static size_t encode(const uint8_t *in, size_t n, char *out) {
    pthread_once(&pairs_once, make_pairs);
    char *start = out;
    size_t i = 0;
    for (; i + 3 <= n; i += 3) {
        uint32_t group = ((uint32_t)in[i] << 16) | ((uint32_t)in[i + 1] << 8) | in[i + 2];
        memcpy(out, &pairs[group >> 12], 2);
        memcpy(out + 2, &pairs[group & 0xFFF], 2);
        out += 4;
    }
    if (n - i == 1) {
        uint32_t group = (uint32_t)in[i] << 16;
        out[0] = alphabet[group >> 18];
        out[1] = alphabet[(group >> 12) & 63];
        out[2] = out[3] = '=';
        out += 4;
    } else if (n - i == 2) {
        uint32_t group = ((uint32_t)in[i] << 16) | ((uint32_t)in[i + 1] << 8);
        out[0] = alphabet[group >> 18];
        out[1] = alphabet[(group >> 12) & 63];
        out[2] = alphabet[(group >> 6) & 63];
        out[3] = '=';
        out += 4;
    }
    return (size_t)(out - start);
}

void rs_stream_base64_buffer(const uint8_t *input, size_t length, char *output) {
    output[encode(input, length, output)] = 0;
}

// MARK: - I/O

static void lower_first(char *text) {
    if (text[0] >= 'A' && text[0] <= 'Z') text[0] = (char)(text[0] - 'A' + 'a');
}

static void describe(int error, char *message, size_t size) {
    snprintf(message, size, "%s", strerror(error));
    lower_first(message);
}

/// Fills `buffer` from `fd`; returns the bytes read (fewer only at the end), or -1 with errno set.
static ssize_t read_full(int fd, uint8_t *buffer, size_t length) { return rs_io_read(fd, buffer, length, -1); }

static rs_stream_status write_all(int fd, const char *bytes, size_t length, char *message, size_t message_size) {
    int e = rs_io_write(fd, bytes, length, -1);
    if (e == 0) return RS_STREAM_OK;
    describe(e, message, message_size);
    return e == EPIPE ? RS_STREAM_CLOSED : RS_STREAM_OUTPUT;
}

/// Starts the disk writing what was just written to a regular file, so that the fsync before the
/// rename finds little left to do (Linux; elsewhere the fsync does it all).
static void start_writeback(int fd) {
#ifdef SYNC_FILE_RANGE_WRITE
    sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE); // fails harmlessly on pipes and terminals
#else
    (void)fd;
#endif
}

// MARK: - Hashing the encoder's chunks on a second thread

typedef struct pipeline {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    uint8_t *buffers[RING];
    size_t lengths[RING];
    int64_t produced; // chunks handed to the hasher
    int64_t consumed; // chunks it has hashed
    int finished;     // the encoder reads no more
    rs_sha256 digest;
} pipeline;

static void *hash_chunks(void *argument) {
    pipeline *p = argument;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        while (p->consumed == p->produced && !p->finished) pthread_cond_wait(&p->changed, &p->lock);
        if (p->consumed == p->produced) {
            pthread_mutex_unlock(&p->lock);
            return NULL;
        }
        int slot = (int)(p->consumed % RING);
        pthread_mutex_unlock(&p->lock);
        rs_sha256_update(&p->digest, p->buffers[slot], p->lengths[slot]);
        pthread_mutex_lock(&p->lock);
        p->consumed++;
        pthread_cond_broadcast(&p->changed);
        pthread_mutex_unlock(&p->lock);
    }
}

rs_stream_status rs_stream_base64(int in_fd, int out_fd, rs_stream_result *result, char *message,
                                  size_t message_size) {
    memset(result, 0, sizeof *result);
    message[0] = 0;
    rs_stream_status status = RS_STREAM_OK;
    pipeline p = {.produced = 0, .consumed = 0, .finished = 0};
    rs_sha256_init(&p.digest, 0);
    char *output = out_fd >= 0 ? malloc(ENCODED) : NULL;
    int buffers = out_fd >= 0 ? RING : 1;
    int ready = out_fd < 0 || output != NULL;
    for (int i = 0; i < buffers && ready; i++) ready = (p.buffers[i] = malloc(CHUNK)) != NULL;
    if (!ready) {
        snprintf(message, message_size, "out of memory");
        status = RS_STREAM_INTERNAL;
    } else if (out_fd < 0) {
        // Size and digest only: one thread is enough.
        ssize_t n;
        while ((n = read_full(in_fd, p.buffers[0], CHUNK)) > 0) {
            rs_sha256_update(&p.digest, p.buffers[0], (size_t)n);
            result->bytes += n;
        }
        if (n < 0) {
            describe(errno, message, message_size);
            status = RS_STREAM_INPUT;
        }
    } else {
        pthread_mutex_init(&p.lock, NULL);
        pthread_cond_init(&p.changed, NULL);
        pthread_t hasher;
        int threaded = pthread_create(&hasher, NULL, hash_chunks, &p) == 0;
        for (;;) {
            pthread_mutex_lock(&p.lock);
            while (p.produced - p.consumed >= RING) pthread_cond_wait(&p.changed, &p.lock);
            pthread_mutex_unlock(&p.lock);
            int slot = (int)(p.produced % RING);
            ssize_t n = read_full(in_fd, p.buffers[slot], CHUNK);
            if (n < 0) {
                describe(errno, message, message_size);
                status = RS_STREAM_INPUT;
                break;
            }
            if (n == 0) break;
            p.lengths[slot] = (size_t)n;
            result->bytes += n;
            if (threaded) {
                pthread_mutex_lock(&p.lock);
                p.produced++;
                pthread_cond_broadcast(&p.changed);
                pthread_mutex_unlock(&p.lock);
            } else {
                rs_sha256_update(&p.digest, p.buffers[slot], (size_t)n);
            }
            // The hasher reads this buffer too; neither writes it until both are done with it.
            status = write_all(out_fd, output, encode(p.buffers[slot], (size_t)n, output), message, message_size);
            if (status != RS_STREAM_OK) break;
            start_writeback(out_fd);
        }
        pthread_mutex_lock(&p.lock);
        p.finished = 1;
        pthread_cond_broadcast(&p.changed);
        pthread_mutex_unlock(&p.lock);
        if (threaded) pthread_join(hasher, NULL);
        pthread_cond_destroy(&p.changed);
        pthread_mutex_destroy(&p.lock);
    }
    uint8_t digest[32] = {0};
    if (status == RS_STREAM_OK) rs_sha256_final(&p.digest, digest);
    for (int i = 0; i < 32; i++) snprintf(result->sha256 + 2 * i, 3, "%02x", digest[i]);
    for (int i = 0; i < RING; i++) free(p.buffers[i]);
    free(output);
    return status;
}
