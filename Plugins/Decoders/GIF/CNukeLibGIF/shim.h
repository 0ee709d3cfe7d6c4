// giflib 5: re-entrant, reports errors by return codes (no setjmp).
#include <gif_lib.h>
