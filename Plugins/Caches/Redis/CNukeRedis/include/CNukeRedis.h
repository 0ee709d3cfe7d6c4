// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The C side of NukeRedis: connecting with time-outs, GET on the socket itself, and other
// commands through hiredis with SIGPIPE held back. hiredis writes with write(2), so a peer that
// went away would raise SIGPIPE and end the process; nuke_redis_get_reply blocks SIGPIPE on the
// calling thread for the call and discards one it raised (libpq's technique), and
// nuke_redis_get sends with MSG_NOSIGNAL, so the caller sees an I/O error instead.
#ifndef CNUKEREDIS_H
#define CNUKEREDIS_H

#include <stddef.h>
#include <hiredis/hiredis.h>

/// Connects to a unix socket when `unix_path` is not NULL, else to `host`:`port`, waiting at most
/// `connect_timeout_ms`; then sets the time-out of every read and write to `operation_timeout_ms`.
/// Returns NULL and copies the reason into `error` (at most `error_size` bytes) on failure.
redisContext *nuke_redis_connect(const char *host, int port, const char *unix_path, int connect_timeout_ms,
                                 int operation_timeout_ms, char *error, size_t error_size);

/// Queues one command (not sent until a reply is read). REDIS_OK or REDIS_ERR.
int nuke_redis_append(redisContext *context, int argc, const char **argv, const size_t *lengths);

/// Sends what is queued and reads the next reply, SIGPIPE held back. REDIS_OK with `*reply` set
/// (free it with freeReplyObject), or REDIS_ERR with the context's error set.
int nuke_redis_get_reply(redisContext *context, redisReply **reply);

/// What a GET read: `buffer` (to free() whatever the type) holds the reply; the value or the
/// error message is `length` bytes at `offset`.
typedef struct {
    enum {
        /// No reply: the call failed.
        NUKE_REDIS_GET_NONE = 0,
        /// A bulk string: the value.
        NUKE_REDIS_GET_STRING,
        /// No value for the key.
        NUKE_REDIS_GET_NIL,
        /// An error reply; its message.
        NUKE_REDIS_GET_ERROR,
        /// A value of `length` bytes, over the limit: read and discarded.
        NUKE_REDIS_GET_OVERSIZE,
    } type;
    char *buffer;
    size_t offset;
    size_t length;
} nuke_redis_get_reply_t;

/// `GET key`, sent with MSG_NOSIGNAL and its reply read straight into one buffer of
/// `capacity_hint` bytes (grown when the value needs more), so the value is never copied after
/// the kernel's copy. A bulk string over `maximum_length` is read and dropped (NUKE_REDIS_GET_OVERSIZE).
/// The connection must have nothing queued or unread in hiredis. REDIS_OK with `*reply` set, or
/// REDIS_ERR with the context's error set (time-out, I/O, protocol); then drop the connection.
int nuke_redis_get(redisContext *context, const char *key, size_t key_length, size_t maximum_length,
                   size_t capacity_hint, nuke_redis_get_reply_t *reply);

/// The context's error message ("" when none).
const char *nuke_redis_error(const redisContext *context);

#endif
