#include "include_self.h"
struct A { float x; };
