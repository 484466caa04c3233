// level 8 of the core: includes every level below it
#pragma once
#include "level9.h"
namespace lin { typedef int level8_index; }
