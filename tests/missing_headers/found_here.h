/* Found beside several.cu; it #includes a header found nowhere. */
#include <gm_absent_nested.h>

#define offset_of_found_here 1.0f
