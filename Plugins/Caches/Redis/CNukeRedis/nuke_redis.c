// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#include "CNukeRedis.h"

#include <errno.h>
#include <hiredis/sds.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

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

redisContext *nuke_redis_adopt(int descriptor, int operation_timeout_ms) {
    redisContext *context = redisConnectFd(descriptor);
    if (context == NULL) return NULL;
    if (context->err != 0 || redisSetTimeout(context, milliseconds(operation_timeout_ms)) != REDIS_OK) {
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

// MARK: - GET: hiredis's protocol, our own I/O

static int set_error(redisContext *context, int type, const char *message) {
    context->err = type;
    snprintf(context->errstr, sizeof(context->errstr), "%s", message);
    return REDIS_ERR;
}

/// Sends every byte of `bytes` with MSG_NOSIGNAL: a peer that went away is EPIPE, not SIGPIPE.
/// The socket's SO_SNDTIMEO (set by redisSetTimeout) bounds each wait.
static int send_all(redisContext *context, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t sent = send(context->fd, bytes, length, MSG_NOSIGNAL);
        if (sent < 0) {
            if (errno == EINTR) continue;
            return set_error(context, REDIS_ERR_IO, strerror(errno));
        }
        bytes += sent;
        length -= (size_t)sent;
    }
    return REDIS_OK;
}

/// Reads what has arrived (at least a byte, at most `room`) onto the end of the reader's buffer,
/// where hiredis's parser reads it: what redisReaderFeed does, without a copy from a buffer of
/// our own. The socket's SO_RCVTIMEO bounds the wait.
static int receive(redisContext *context, size_t room, size_t *received_total) {
    redisReader *reader = context->reader;
    sds grown = sdsMakeRoomFor(reader->buf, room);
    if (grown == NULL) return set_error(context, REDIS_ERR_OOM, "Out of memory");
    reader->buf = grown;
    for (;;) {
        ssize_t received = recv(context->fd, reader->buf + reader->len, sdsavail(reader->buf), 0);
        if (received > 0) {
            sdsIncrLen(reader->buf, (int)received);
            reader->len = sdslen(reader->buf);
            *received_total += (size_t)received;
            return REDIS_OK;
        }
        if (received == 0) return set_error(context, REDIS_ERR_EOF, "Server closed the connection");
        if (errno != EINTR) return set_error(context, REDIS_ERR_IO, strerror(errno));
    }
}

// MARK: GET's reply: hiredis's parser, a value of our own

/// The reader's reply functions during nuke_redis_get: hiredis parses as usual, but a bulk string
/// is not copied out of the reader's buffer (hiredis's own createString mallocs and copies it);
/// the value records where it lies, and nuke_redis_get then takes the buffer over whole.
static nuke_redis_value *make_value(int type) {
    nuke_redis_value *value = calloc(1, sizeof(nuke_redis_value));
    if (value != NULL) value->type = type;
    return value;
}

static void *create_string(const redisReadTask *task, char *bytes, size_t length) {
    nuke_redis_value *value = make_value(task->type);
    if (value == NULL) return NULL;
    if (task->type == REDIS_REPLY_STRING) {
        value->str = bytes;  // In the reader's buffer, which nuke_redis_get takes over.
    } else {  // A status or an error: a short line, copied.
        value->owned = malloc(length + 1);
        if (value->owned == NULL) {
            free(value);
            return NULL;
        }
        memcpy(value->owned, bytes, length);
        value->owned[length] = '\0';
        value->str = value->owned;
    }
    value->len = length;
    return value;
}

#if HIREDIS_MAJOR >= 1
static void *create_array(const redisReadTask *task, size_t elements) {
#else
static void *create_array(const redisReadTask *task, int elements) {
#endif
    (void)task;
    (void)elements;
    return NULL;  // GET never answers with an array: hiredis reports the NULL as an error.
}

static void *create_integer(const redisReadTask *task, long long integer) {
    nuke_redis_value *value = make_value(task->type);
    if (value != NULL) value->integer = integer;
    return value;
}

static void *create_nil(const redisReadTask *task) {
    (void)task;  // Of the bulk string's type: hiredis makes nil of a '$-1'.
    return make_value(REDIS_REPLY_NIL);
}

void nuke_redis_value_free(nuke_redis_value *value) {
    if (value == NULL) return;
    free(value->owned);
    if (value->buffer != NULL) sdsfree(value->buffer);
    free(value);
}

static void free_value(void *value) {
    nuke_redis_value_free(value);
}

static redisReplyObjectFunctions value_functions = {
    .createString = create_string,
    .createArray = create_array,
    .createInteger = create_integer,
    .createNil = create_nil,
    .freeObject = free_value,
};

/// One redisReaderGetReply with the value functions in place of the reader's own.
static int parse_value(redisReader *reader, nuke_redis_value **value) {
    redisReplyObjectFunctions *own = reader->fn;
    reader->fn = &value_functions;
    void *parsed = NULL;
    int status = redisReaderGetReply(reader, &parsed);
    reader->fn = own;
    *value = parsed;
    return status;
}

int nuke_redis_get(redisContext *context, const char *key, size_t key_length, size_t maximum_length,
                   size_t capacity_hint, nuke_redis_value **reply) {
    *reply = NULL;
    if (context->err != 0) return REDIS_ERR;
    redisReader *reader = context->reader;
    if (sdslen(context->obuf) != 0 || reader->pos != reader->len || reader->ridx != -1) {
        return set_error(context, REDIS_ERR_OTHER, "the connection has unsent or unread data");
    }
    // hiredis's own policy (redisReaderFeed): an empty buffer that grew large is given back.
    sdsclear(reader->buf);
    reader->pos = 0;
    reader->len = 0;
    size_t kept = sdsavail(reader->buf);
    if (reader->maxbuf != 0 && kept > reader->maxbuf && kept > capacity_hint * 4) {
        sdsfree(reader->buf);
        reader->buf = sdsempty();
        if (reader->buf == NULL) return set_error(context, REDIS_ERR_OOM, "Out of memory");
    }

    const char *arguments[2] = {"GET", key};
    size_t lengths[2] = {3, key_length};
    char *command = NULL;
    long long command_length = redisFormatCommandArgv(&command, 2, arguments, lengths);  // int before hiredis 1.0
    if (command_length < 0) return set_error(context, REDIS_ERR_OOM, "Out of memory");
    int status = send_all(context, command, (size_t)command_length);
    redisFreeCommand(command);
    if (status != REDIS_OK) return REDIS_ERR;

    enum { header_room = 64 };  // "$<length>\r\n" and the final "\r\n", with room to spare
    size_t received = 0;
    size_t room = capacity_hint + header_room;
    for (;;) {
        nuke_redis_value *parsed = NULL;
        if (parse_value(reader, &parsed) != REDIS_OK) {
            return set_error(context, REDIS_ERR_PROTOCOL, reader->errstr);
        }
        if (parsed != NULL) {
            if (reader->pos != reader->len) {
                nuke_redis_value_free(parsed);
                return set_error(context, REDIS_ERR_PROTOCOL, "data after the reply to GET");
            }
            if (parsed->type == REDIS_REPLY_STRING) {
                // The value lies in the reader's buffer: it becomes the value's, and the reader
                // starts the next reply in a new one. (Having parsed a whole reply, hiredis may
                // have cut its consumed bytes with sdsrange, which only shortens the string and
                // writes its terminator at the start: the bytes after stay where they are.)
                sds fresh = sdsempty();
                if (fresh == NULL) {
                    nuke_redis_value_free(parsed);
                    return set_error(context, REDIS_ERR_OOM, "Out of memory");
                }
                parsed->buffer = reader->buf;
                reader->buf = fresh;
                reader->pos = 0;
                reader->len = 0;
            }
            *reply = parsed;
            return REDIS_OK;
        }
        if (received > maximum_length + header_room) return NUKE_REDIS_GET_OVERSIZE;
        if (receive(context, room > received ? room - received : 16 << 10, &received) != REDIS_OK) {
            return REDIS_ERR;
        }
    }
}
