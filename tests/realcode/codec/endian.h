// The project's own endian.h (dmlc-core's style: a header named as a C
// library header, reached quoted from its neighbours), with C++ in it.
#ifndef CODEC_ENDIAN_H_
#define CODEC_ENDIAN_H_
#include <cstdint>

namespace codec {
template <typename T> __host__ __device__ inline T byte_swap(T v)
{
    T out;
    const unsigned char *in = reinterpret_cast<const unsigned char *>(&v);
    unsigned char *o = reinterpret_cast<unsigned char *>(&out);
    for (unsigned i = 0; i < sizeof(T); i++)
        o[i] = in[sizeof(T) - 1 - i];
    return out;
}
} // namespace codec
#endif
