// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The C side of NukeRedis: connecting with time-outs, GET with I/O of our own around hiredis's
// parser, and other commands through hiredis with SIGPIPE held back. hiredis writes with
// write(2), so a peer that went away would raise SIGPIPE and end the process;
// nuke_redis_get_reply blocks SIGPIPE on the calling thread for the call and discards one it
// raised (libpq's technique), and nuke_redis_get sends with MSG_NOSIGNAL, so the caller sees an
// I/O error instead.
#ifndef CNUKEREDIS_H
#define CNUKEREDIS_H

#include <stddef.h>
#include <hiredis/hiredis.h>

/// Connects to a unix socket when `unix_path` is not NULL, else to `host`:`port`, waiting at most
/// `connect_timeout_ms`; then sets the time-out of every read and write to `operation_timeout_ms`.
/// Returns NULL and copies the reason into `error` (at most `error_size` bytes) on failure.
redisContext *nuke_redis_connect(const char *host, int port, const char *unix_path, int connect_timeout_ms,
                                 int operation_timeout_ms, char *error, size_t error_size);

/// A context over a socket that is already connected (one end of a socketpair in the fuzz
/// target), with the time-out of every read and write set; it closes the socket when freed.
/// NULL on failure (then the caller still owns the socket).
redisContext *nuke_redis_adopt(int descriptor, int operation_timeout_ms);

/// Queues one command (not sent until a reply is read). REDIS_OK or REDIS_ERR.
int nuke_redis_append(redisContext *context, int argc, const char **argv, const size_t *lengths);

/// Sends what is queued and reads the next reply, SIGPIPE held back. REDIS_OK with `*reply` set
/// (free it with freeReplyObject), or REDIS_ERR with the context's error set.
int nuke_redis_get_reply(redisContext *context, redisReply **reply);

/// nuke_redis_get's answer for a reply longer than its limit: the connection is left mid-reply.
#define NUKE_REDIS_GET_OVERSIZE 2

/// The reply to GET: a bulk string (`str`, `len`), nil, an error or status line (`str`, `len`,
/// NUL-terminated), or an integer, by `type` (hiredis's REDIS_REPLY_* values). Free it with
/// nuke_redis_value_free.
typedef struct nuke_redis_value {
    int type;
    /// The string's bytes: inside `buffer` for a bulk string, in `owned` for a line.
    const char *str;
    size_t len;
    long long integer;
    /// The reader's buffer that a bulk string lies in, taken over from hiredis (an sds).
    char *buffer;
    /// A status or error line's copy.
    char *owned;
} nuke_redis_value;

/// Frees a value from nuke_redis_get (NULL does nothing).
void nuke_redis_value_free(nuke_redis_value *value);

/// `GET key` on a connection with nothing queued or unread in hiredis, parsed by hiredis's reader
/// but with I/O of our own: the command goes out with MSG_NOSIGNAL (no SIGPIPE to hold back), and
/// the reply is received straight into the reader's buffer, `capacity_hint` bytes at first (the
/// last value's size), instead of 16 KB at a time through a stack buffer that hiredis then
/// copies; a bulk string is then not copied at all: the value takes the reader's buffer over,
/// instead of hiredis copying the string into a reply object. REDIS_OK with `*reply` set;
/// NUKE_REDIS_GET_OVERSIZE when more than `maximum_length` bytes arrived without a complete
/// reply; REDIS_ERR with the context's error set (time-out, I/O, a protocol error — an array
/// among them —, data after the reply). After anything but REDIS_OK, close the connection.
int nuke_redis_get(redisContext *context, const char *key, size_t key_length, size_t maximum_length,
                   size_t capacity_hint, nuke_redis_value **reply);

/// The context's error message ("" when none).
const char *nuke_redis_error(const redisContext *context);

#endif
