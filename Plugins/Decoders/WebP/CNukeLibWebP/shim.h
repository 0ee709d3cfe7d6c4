// libwebp reports errors by return codes (no setjmp), so NukeWebP calls it directly.
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
