// libcurl 7.68 or later (curl_multi_poll, curl_multi_wakeup).
#include <curl/curl.h>
