// Symbol visibility as shared libraries built with -fvisibility=hidden
// mark what they export: an attribute under GCC's macros, nothing elsewhere.
// The namespace macro carries the attribute and the name together.
#pragma once

#if defined(__GNUC__)
#define SPH_EXPORT __attribute__((visibility("default")))
#define SPH_NAMESPACE SPH_EXPORT sph
#else
#define SPH_EXPORT
#define SPH_NAMESPACE sph
#endif
