#include "inc/device_include.h"
struct A { float x; };
