// level 4 of the core: includes every level below it
#pragma once
#include "level5.h"
#include "level6.h"
#include "level7.h"
#include "level8.h"
#include "level9.h"
namespace lin { typedef int level4_index; }
