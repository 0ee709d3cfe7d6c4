// libpng 1.6.
#include <png.h>
