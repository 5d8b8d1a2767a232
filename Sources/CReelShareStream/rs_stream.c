// rs_stream.c: streaming base64 + SHA-256, and atomic output files.
#ifdef __linux__
#define _GNU_SOURCE // sync_file_range
#endif
#include "rs_stream.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>

enum {
    CHUNK = 3 * 256 * 1024,     // input bytes per read: a multiple of 3, so chunks encode alone
    ENCODED = CHUNK / 3 * 4,    // output characters per chunk
    HASH_CHUNK = 1024 * 1024,
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

static ssize_t read_full(int fd, uint8_t *buffer, size_t length) {
    size_t done = 0;
    while (done < length) {
        ssize_t n = read(fd, buffer + done, length - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) break;
        done += (size_t)n;
    }
    return (ssize_t)done;
}

rs_stream_status rs_stream_write(int fd, const void *bytes, size_t length, char *message, size_t message_size) {
    const uint8_t *p = bytes;
    while (length > 0) {
        ssize_t n = write(fd, p, length);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            int e = errno;
            snprintf(message, message_size, "%s", strerror(e));
            return e == EPIPE ? RS_STREAM_CLOSED : RS_STREAM_OUTPUT;
        }
        p += n;
        length -= (size_t)n;
    }
    return RS_STREAM_OK;
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

// MARK: - Hashing on a second thread

typedef struct hash_job {
    const char *path;
    int64_t bytes;
    unsigned char digest[32];
    int failed; // errno, or -1 for a libcrypto failure
} hash_job;

static void *hash_file(void *argument) {
    hash_job *job = argument;
    int fd = open(job->path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        job->failed = errno;
        return NULL;
    }
    uint8_t *buffer = malloc(HASH_CHUNK);
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (!buffer || !context || EVP_DigestInit_ex(context, EVP_sha256(), NULL) != 1) {
        job->failed = -1;
    } else {
        ssize_t n;
        while ((n = read_full(fd, buffer, HASH_CHUNK)) > 0) {
            if (EVP_DigestUpdate(context, buffer, (size_t)n) != 1) {
                job->failed = -1;
                break;
            }
            job->bytes += n;
        }
        if (n < 0) job->failed = errno;
        unsigned int length = 0;
        if (!job->failed && EVP_DigestFinal_ex(context, job->digest, &length) != 1) job->failed = -1;
    }
    EVP_MD_CTX_free(context);
    free(buffer);
    close(fd);
    return NULL;
}

rs_stream_status rs_stream_base64(const char *path, int out_fd, rs_stream_result *result, char *message,
                                  size_t message_size) {
    memset(result, 0, sizeof *result);
    message[0] = 0;
    hash_job job = {.path = path, .bytes = 0, .failed = 0};
    pthread_t hasher;
    int threaded = out_fd >= 0 && pthread_create(&hasher, NULL, hash_file, &job) == 0;
    if (!threaded) hash_file(&job); // hashing alone: no second thread needed

    rs_stream_status status = RS_STREAM_OK;
    int64_t encoded = 0;
    if (out_fd >= 0) {
        uint8_t *input = malloc(CHUNK);
        char *output = malloc(ENCODED);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (!input || !output) {
            status = RS_STREAM_INTERNAL;
            snprintf(message, message_size, "out of memory");
        } else if (fd < 0) {
            status = RS_STREAM_INPUT;
            snprintf(message, message_size, "cannot read %s: %s", path, strerror(errno));
        } else {
            ssize_t n;
            while (status == RS_STREAM_OK && (n = read_full(fd, input, CHUNK)) > 0) {
                size_t length = encode(input, (size_t)n, output);
                status = rs_stream_write(out_fd, output, length, message, message_size);
                encoded += n;
                start_writeback(out_fd);
            }
            if (status == RS_STREAM_OK && n < 0) {
                status = RS_STREAM_INPUT;
                snprintf(message, message_size, "cannot read %s: %s", path, strerror(errno));
            }
        }
        if (fd >= 0) close(fd);
        free(input);
        free(output);
    }
    if (threaded) pthread_join(hasher, NULL);

    if (status == RS_STREAM_OK && job.failed) {
        status = job.failed > 0 ? RS_STREAM_INPUT : RS_STREAM_INTERNAL;
        snprintf(message, message_size, job.failed > 0 ? "cannot read %s: %s" : "%s: SHA-256 failed", path,
                 job.failed > 0 ? strerror(job.failed) : "");
    }
    if (status == RS_STREAM_OK && out_fd >= 0 && encoded != job.bytes) {
        status = RS_STREAM_INPUT;
        snprintf(message, message_size, "%s changed while being read", path);
    }
    result->bytes = job.bytes;
    for (int i = 0; i < 32; i++) snprintf(result->sha256 + 2 * i, 3, "%02x", job.digest[i]);
    return status;
}

// MARK: - Atomic output

// The temporary file to remove if a signal ends the process; written before handlers can run.
static char pending_temp[4096];
static volatile sig_atomic_t pending_set = 0;
static pthread_once_t handlers_once = PTHREAD_ONCE_INIT;

static void remove_pending_and_die(int signal_number) {
    if (pending_set) unlink(pending_temp); // async-signal-safe
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number); // die of the signal: the shell reports 128 + its number
}

static void install_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remove_pending_and_die;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

int rs_atomic_begin(const char *final_path, char *temp_path, size_t temp_size, char *message, size_t message_size) {
    pthread_once(&handlers_once, install_handlers);
    const char *slash = strrchr(final_path, '/');
    const char *name = slash ? slash + 1 : final_path;
    int directory_length = slash ? (int)(slash - final_path) : 0;
    if (snprintf(temp_path, temp_size, "%.*s%s.%s.reelshare-XXXXXX", directory_length, final_path, slash ? "/" : "",
                 name) >= (int)temp_size) {
        snprintf(message, message_size, "path too long");
        return -1;
    }
    int fd = mkstemp(temp_path);
    if (fd < 0) {
        snprintf(message, message_size, "%s", strerror(errno));
        return -1;
    }
    // mkstemp makes 0600; give the file the mode an ordinary new file (or the one it replaces) has.
    struct stat existing;
    mode_t mode;
    if (stat(final_path, &existing) == 0) {
        mode = existing.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    fchmod(fd, mode);
    snprintf(pending_temp, sizeof pending_temp, "%s", temp_path);
    pending_set = 1;
    return fd;
}

void rs_atomic_abort(int fd, const char *temp_path) {
    if (fd >= 0) close(fd);
    unlink(temp_path);
    pending_set = 0;
}

rs_stream_status rs_atomic_commit(int fd, const char *temp_path, const char *final_path, char *message,
                                  size_t message_size) {
    if (fsync(fd) != 0 || close(fd) != 0) {
        snprintf(message, message_size, "%s", strerror(errno));
        rs_atomic_abort(-1, temp_path);
        return RS_STREAM_OUTPUT;
    }
    if (rename(temp_path, final_path) != 0) {
        snprintf(message, message_size, "%s", strerror(errno));
        rs_atomic_abort(-1, temp_path);
        return RS_STREAM_OUTPUT;
    }
    pending_set = 0;
    char directory[4096];
    snprintf(directory, sizeof directory, "%s", final_path);
    int dir = open(dirname(directory), O_RDONLY | O_CLOEXEC);
    if (dir >= 0) {
        fsync(dir); // make the rename itself durable
        close(dir);
    }
    return RS_STREAM_OK;
}
