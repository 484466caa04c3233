// The project's base header: its own helpers, included quoted.
#ifndef CODEC_STREAM_H_
#define CODEC_STREAM_H_
#include <cstdint>
#include "endian.h"
#include "math.h"

namespace codec {
struct Record {
    uint32_t key;
    float value;
};
} // namespace codec
#endif
