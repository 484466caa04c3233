// level 9 of the core: includes every level below it
#pragma once
namespace lin { typedef int level9_index; }
