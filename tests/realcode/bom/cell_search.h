#pragma once
// Marked as well, and reaching cell_defs.h a second time.
#include "cell_defs.h"

__device__ inline unsigned cell_of(const cell_point &p)
{
    return p.code & CELL_CODE_MASK;
}
