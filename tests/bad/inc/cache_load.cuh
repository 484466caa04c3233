// A project's own cache-hinted load and store, defaulting their template
// argument to CUB's modifier (reached through -I, so its code is header code
// to gmadvise).  Before gmadvise's CUB declared CacheLoadModifier, the
// default argument did not compile: libclang 14 then dropped ld::get from
// overload resolution (the kernel's file failed, "no matching function"),
// libclang 16 and 19 kept it.
#pragma once
#include <cub/cub.cuh>
namespace ld {
using load_mod = cub::CacheLoadModifier;
using store_mod = cub::CacheStoreModifier;
constexpr auto plain_load = cub::CacheLoadModifier::LOAD_DEFAULT;
constexpr auto plain_store = cub::CacheStoreModifier::STORE_DEFAULT;
template <load_mod M = plain_load, typename V> __device__ __forceinline__ V get(V *from)
{
#ifdef __CUDA_ARCH__
    return cub::ThreadLoad<M>(from);
#else
    return *from;
#endif
}
template <store_mod M = plain_store, typename V> __device__ __forceinline__ void put(V *to, const V &v)
{
#ifdef __CUDA_ARCH__
    cub::ThreadStore<M>(to, v);
#else
    *to = v;
#endif
}
} // namespace ld
