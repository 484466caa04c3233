// level 0 of the core: includes every level below it
#pragma once
#include "level1.h"
#include "level2.h"
#include "level3.h"
#include "level4.h"
#include "level5.h"
#include "level6.h"
#include "level7.h"
#include "level8.h"
#include "level9.h"
#include "detail/algorithms.h"
namespace lin { typedef int level0_index; }
