// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// libcurl 7.68 or later (curl_multi_poll, curl_multi_wakeup).
#include <curl/curl.h>
