// level 5 of the core: includes every level below it
#pragma once
#include "level6.h"
#include "level7.h"
#include "level8.h"
#include "level9.h"
namespace lin { typedef int level5_index; }
