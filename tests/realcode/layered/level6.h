// level 6 of the core: includes every level below it
#pragma once
#include "level7.h"
#include "level8.h"
#include "level9.h"
namespace lin { typedef int level6_index; }
