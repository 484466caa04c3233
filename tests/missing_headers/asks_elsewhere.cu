/* A header the include walk does not read (its name is a macro) asks
 * whether one the file #includes exists (the has_include operator):
 * serving that one at the first parse would change the answer and the
 * order in which the headers are met (as in order_flips.cu), so the first
 * parse's files are read for such a question, and the headers are
 * discovered as before (notes as before; libclang runs 6 times). */
#define GM_ASKER "asks_elsewhere.h"
#include GM_ASKER
#include <gm_absent_asked.h>
#include <gm_absent_other.h>

__global__ void twice(float *a)
{
    a[threadIdx.x] *= 2.0f;
}
