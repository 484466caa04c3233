// level 7 of the core: includes every level below it
#pragma once
#include "level8.h"
#include "level9.h"
namespace lin { typedef int level7_index; }
