// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#include "CNukeRedis.h"

#include <errno.h>
#include <hiredis/sds.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

static struct timeval milliseconds(int value) {
    struct timeval time = {value / 1000, (value % 1000) * 1000};
    return time;
}

redisContext *nuke_redis_connect(const char *host, int port, const char *unix_path, int connect_timeout_ms,
                                 int operation_timeout_ms, char *error, size_t error_size) {
    redisContext *context = unix_path != NULL
        ? redisConnectUnixWithTimeout(unix_path, milliseconds(connect_timeout_ms))
        : redisConnectWithTimeout(host, port, milliseconds(connect_timeout_ms));
    if (context == NULL) {
        snprintf(error, error_size, "cannot allocate a hiredis context");
        return NULL;
    }
    if (context->err == 0 && redisSetTimeout(context, milliseconds(operation_timeout_ms)) != REDIS_OK) {
        snprintf(error, error_size, "cannot set the operation time-out: %s", strerror(errno));
        redisFree(context);
        return NULL;
    }
    if (context->err != 0) {
        snprintf(error, error_size, "%s", context->errstr);
        redisFree(context);
        return NULL;
    }
    return context;
}

int nuke_redis_append(redisContext *context, int argc, const char **argv, const size_t *lengths) {
    return redisAppendCommandArgv(context, argc, argv, lengths);
}

int nuke_redis_get_reply(redisContext *context, redisReply **reply) {
    sigset_t pipe_set, pending, previous;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    // A SIGPIPE already pending for this thread is someone else's: leave it alone.
    sigpending(&pending);
    int was_pending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &previous);

    void *result = NULL;
    int status = redisGetReply(context, &result);

    if (!was_pending) {
        sigpending(&pending);
        if (sigismember(&pending, SIGPIPE)) {
            struct timespec zero = {0, 0};
            while (sigtimedwait(&pipe_set, NULL, &zero) < 0 && errno == EINTR) {}
        }
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    *reply = result;
    return status;
}

const char *nuke_redis_error(const redisContext *context) {
    return context->err != 0 ? context->errstr : "";
}

// MARK: - GET, read straight into the value's memory

static int set_error(redisContext *context, int type, const char *message) {
    context->err = type;
    snprintf(context->errstr, sizeof(context->errstr), "%s", message);
    return REDIS_ERR;
}

/// Sends every byte of `parts` with MSG_NOSIGNAL: a peer that went away is EPIPE, not SIGPIPE.
/// The socket's SO_SNDTIMEO (set by redisSetTimeout) bounds each wait.
static int send_all(redisContext *context, struct iovec *parts, size_t count) {
    struct msghdr message = {0};
    message.msg_iov = parts;
    message.msg_iovlen = count;
    while (message.msg_iovlen > 0) {
        ssize_t sent = sendmsg(context->fd, &message, MSG_NOSIGNAL);
        if (sent < 0) {
            if (errno == EINTR) continue;
            return set_error(context, REDIS_ERR_IO, strerror(errno));
        }
        while (message.msg_iovlen > 0 && (size_t)sent >= message.msg_iov->iov_len) {
            sent -= (ssize_t)message.msg_iov->iov_len;
            message.msg_iov++;
            message.msg_iovlen--;
        }
        if (message.msg_iovlen > 0) {
            message.msg_iov->iov_base = (char *)message.msg_iov->iov_base + sent;
            message.msg_iov->iov_len -= (size_t)sent;
        }
    }
    return REDIS_OK;
}

/// Reads what has arrived (at least a byte) into `buffer + *length`, up to `capacity`; with
/// MSG_WAITALL, waits inside the call until `capacity` is reached (fewer wake-ups than a read
/// per segment). The socket's SO_RCVTIMEO bounds the wait.
static int read_some(redisContext *context, char *buffer, size_t *length, size_t capacity, int flags) {
    for (;;) {
        ssize_t received = recv(context->fd, buffer + *length, capacity - *length, flags);
        if (received > 0) {
            *length += (size_t)received;
            return REDIS_OK;
        }
        if (received == 0) return set_error(context, REDIS_ERR_EOF, "Server closed the connection");
        if (errno != EINTR) return set_error(context, REDIS_ERR_IO, strerror(errno));
    }
}

/// The length of a reply's first line, "\r\n" included, or 0 when it has not all arrived.
static size_t first_line_length(const char *buffer, size_t length) {
    const char *end = memchr(buffer, '\n', length);
    if (end == NULL) return 0;
    size_t line = (size_t)(end - buffer) + 1;
    return line >= 2 && buffer[line - 2] == '\r' ? line : SIZE_MAX;
}

/// The length a bulk string's header line "$<digits>\r\n" announces, -1 for "$-1\r\n", or -2
/// when the line is not a bulk string's header.
static long long bulk_length(const char *line, size_t length) {
    if (length == 5 && memcmp(line, "$-1\r\n", 5) == 0) return -1;
    if (length < 4 || line[0] != '$' || length > 22) return -2;
    long long value = 0;
    for (size_t index = 1; index < length - 2; index++) {
        if (line[index] < '0' || line[index] > '9') return -2;
        value = value * 10 + (line[index] - '0');
    }
    return value;
}

/// Reads and discards `count` more bytes, `buffer` (of `capacity` bytes) as scratch space.
static int discard(redisContext *context, char *buffer, size_t capacity, unsigned long long count) {
    while (count > 0) {
        size_t length = 0;
        size_t chunk = count < capacity ? (size_t)count : capacity;
        if (read_some(context, buffer, &length, chunk, MSG_WAITALL) != REDIS_OK) return REDIS_ERR;
        count -= length;
    }
    return REDIS_OK;
}

/// The error reply or bulk string that starts `buffer` (`length` bytes so far, its first line
/// `line` bytes long), read to its end.
static int finish_reply(redisContext *context, char **buffer, size_t length, size_t capacity, size_t line,
                        size_t maximum_length, nuke_redis_get_reply_t *reply) {
    if ((*buffer)[0] == '-') {
        if (length != line) return set_error(context, REDIS_ERR_PROTOCOL, "data after an error reply");
        *reply = (nuke_redis_get_reply_t){NUKE_REDIS_GET_ERROR, *buffer, 1, line - 3};
        return REDIS_OK;
    }
    long long announced = bulk_length(*buffer, line);
    if (announced == -2) return set_error(context, REDIS_ERR_PROTOCOL, "not a bulk string reply to GET");
    if (announced == -1) {
        if (length != line) return set_error(context, REDIS_ERR_PROTOCOL, "data after a nil reply");
        *reply = (nuke_redis_get_reply_t){NUKE_REDIS_GET_NIL, *buffer, 0, 0};
        return REDIS_OK;
    }
    if ((unsigned long long)announced > maximum_length) {
        unsigned long long whole = (unsigned long long)announced + 2;
        if (length - line > whole) return set_error(context, REDIS_ERR_PROTOCOL, "data after a bulk string");
        if (discard(context, *buffer, capacity, whole - (length - line)) != REDIS_OK) return REDIS_ERR;
        *reply = (nuke_redis_get_reply_t){NUKE_REDIS_GET_OVERSIZE, *buffer, 0, (size_t)announced};
        return REDIS_OK;
    }
    size_t total = line + (size_t)announced + 2;
    if (length > total) return set_error(context, REDIS_ERR_PROTOCOL, "data after a bulk string");
    if (total > capacity) {
        char *grown = realloc(*buffer, total);
        if (grown == NULL) return set_error(context, REDIS_ERR_OOM, "Out of memory");
        *buffer = grown;
        capacity = total;
    }
    while (length < total) {
        if (read_some(context, *buffer, &length, total, MSG_WAITALL) != REDIS_OK) return REDIS_ERR;
    }
    if ((*buffer)[total - 2] != '\r' || (*buffer)[total - 1] != '\n') {
        return set_error(context, REDIS_ERR_PROTOCOL, "a bulk string without its \\r\\n");
    }
    if (capacity - total > 4096) {
        char *shrunk = realloc(*buffer, total);
        if (shrunk != NULL) *buffer = shrunk;
    }
    *reply = (nuke_redis_get_reply_t){NUKE_REDIS_GET_STRING, *buffer, line, (size_t)announced};
    return REDIS_OK;
}

int nuke_redis_get(redisContext *context, const char *key, size_t key_length, size_t maximum_length,
                   size_t capacity_hint, nuke_redis_get_reply_t *reply) {
    *reply = (nuke_redis_get_reply_t){0};
    if (context->err != 0) return REDIS_ERR;
    if (sdslen(context->obuf) != 0 || context->reader->pos != context->reader->len) {
        return set_error(context, REDIS_ERR_OTHER, "the connection has unsent or unread data");
    }
    char header[40];
    int header_length = snprintf(header, sizeof(header), "*2\r\n$3\r\nGET\r\n$%zu\r\n", key_length);
    struct iovec parts[3] = {{header, (size_t)header_length}, {(void *)key, key_length}, {"\r\n", 2}};
    if (send_all(context, parts, 3) != REDIS_OK) return REDIS_ERR;

    enum { longest_first_line = 1024 };  // an error reply's message included
    size_t capacity = capacity_hint > longest_first_line ? capacity_hint : longest_first_line;
    char *buffer = malloc(capacity);
    if (buffer == NULL) return set_error(context, REDIS_ERR_OOM, "Out of memory");
    size_t length = 0;
    size_t line = 0;
    while ((line = first_line_length(buffer, length)) == 0 && length < longest_first_line) {
        if (read_some(context, buffer, &length, capacity, 0) != REDIS_OK) {
            free(buffer);
            return REDIS_ERR;
        }
    }
    if (line == 0 || line == SIZE_MAX || line > longest_first_line) {
        free(buffer);
        return set_error(context, REDIS_ERR_PROTOCOL, "a reply without a valid first line");
    }
    if (finish_reply(context, &buffer, length, capacity, line, maximum_length, reply) != REDIS_OK) {
        free(buffer);
        return REDIS_ERR;
    }
    return REDIS_OK;
}
