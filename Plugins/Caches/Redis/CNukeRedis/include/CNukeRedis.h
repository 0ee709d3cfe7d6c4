// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The C side of NukeRedis: connecting with time-outs, and sending and receiving with SIGPIPE
// held back. hiredis writes with write(2), so a peer that went away would raise SIGPIPE and end
// the process; these calls block SIGPIPE on the calling thread for the call and discard one it
// raised (libpq's technique), so the caller sees an I/O error instead.
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

/// The context's error message ("" when none).
const char *nuke_redis_error(const redisContext *context);

#endif
