// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#include "CNukeRedis.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
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
