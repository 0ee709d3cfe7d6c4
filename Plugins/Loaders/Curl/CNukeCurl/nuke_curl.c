// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#include "CNukeCurl.h"

CURLcode nuke_curl_easy_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode nuke_curl_easy_set_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode nuke_curl_easy_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode nuke_curl_easy_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode nuke_curl_easy_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode nuke_curl_easy_set_data_callback(CURL *handle, CURLoption option, nuke_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode nuke_curl_easy_set_opensocket_callback(CURL *handle, curl_opensocket_callback value) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, value);
}

CURLcode nuke_curl_easy_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode nuke_curl_easy_get_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode nuke_curl_easy_get_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode nuke_curl_easy_get_private(CURL *handle, void **value) {
    return curl_easy_getinfo(handle, CURLINFO_PRIVATE, value);
}

CURLMcode nuke_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

CURLcode nuke_curl_message_result(const CURLMsg *message) {
    return message->data.result;
}

size_t nuke_curl_write_pause(void) {
    return CURL_WRITEFUNC_PAUSE;
}
