/* gmadvise: part of its cooperative_groups.h */
#pragma once
#include <cooperative_groups.h>
