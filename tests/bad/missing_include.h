#include "does_not_exist.h"
struct A { float x; };
