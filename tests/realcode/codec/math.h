// The project's own math.h (xgboost's src/common style), beside endian.h.
#ifndef CODEC_MATH_H_
#define CODEC_MATH_H_
namespace codec {
template <typename T> __host__ __device__ inline T clamp01(T v) { return v < T(0) ? T(0) : v > T(1) ? T(1) : v; }
} // namespace codec
#endif
