// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// Typed, non-variadic wrappers over libcurl's variadic calls, which Swift cannot make.
//
// Each wrapper fixes the type of the value it passes, so an option can only be given a value of
// the type libcurl reads for it (long, curl_off_t, string, pointer, list, or callback).
#ifndef CNUKECURL_H
#define CNUKECURL_H

#include <curl/curl.h>

/// `CURLOPT_WRITEFUNCTION` and `CURLOPT_HEADERFUNCTION` callbacks.
typedef size_t (*nuke_curl_data_callback)(char *buffer, size_t size, size_t count, void *context);

/// Sets an option that takes a `long`.
CURLcode nuke_curl_easy_set_long(CURL *handle, CURLoption option, long value);
/// Sets an option that takes a `curl_off_t`.
CURLcode nuke_curl_easy_set_off_t(CURL *handle, CURLoption option, curl_off_t value);
/// Sets an option that takes a string (libcurl copies it).
CURLcode nuke_curl_easy_set_string(CURL *handle, CURLoption option, const char *value);
/// Sets an option that takes a context pointer (`CURLOPT_WRITEDATA`, `CURLOPT_PRIVATE`, …).
CURLcode nuke_curl_easy_set_pointer(CURL *handle, CURLoption option, void *value);
/// Sets an option that takes a `curl_slist` (which must outlive the transfer).
CURLcode nuke_curl_easy_set_list(CURL *handle, CURLoption option, struct curl_slist *value);
/// Sets `CURLOPT_WRITEFUNCTION` or `CURLOPT_HEADERFUNCTION`.
CURLcode nuke_curl_easy_set_data_callback(CURL *handle, CURLoption option, nuke_curl_data_callback value);

/// Sets `CURLOPT_OPENSOCKETFUNCTION`.
CURLcode nuke_curl_easy_set_opensocket_callback(CURL *handle, curl_opensocket_callback value);

/// Reads information that is a `long`.
CURLcode nuke_curl_easy_get_long(CURL *handle, CURLINFO info, long *value);
/// Reads information that is a `curl_off_t`.
CURLcode nuke_curl_easy_get_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
/// Reads information that is a string owned by the handle.
CURLcode nuke_curl_easy_get_string(CURL *handle, CURLINFO info, const char **value);
/// Reads the context pointer set with `CURLOPT_PRIVATE`.
CURLcode nuke_curl_easy_get_private(CURL *handle, void **value);

/// Sets a multi-handle option that takes a `long`.
CURLMcode nuke_curl_multi_set_long(CURLM *multi, CURLMoption option, long value);

/// The result code of a `CURLMSG_DONE` message (a member of an anonymous union).
CURLcode nuke_curl_message_result(const CURLMsg *message);

/// `CURL_WRITEFUNC_PAUSE`, a macro Swift does not import.
size_t nuke_curl_write_pause(void);

#endif
