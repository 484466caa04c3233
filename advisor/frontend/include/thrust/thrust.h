/* gmadvise's thrust/thrust.h: the parts of thrust that kernels and the
 * host code launching them name, declarations only (every <thrust/...>
 * header is served as an #include of this one).  Generated code includes
 * thrust's own pair, tuple and functional headers, which NVRTC compiles;
 * device_ptr and complex it cannot, so a kernel that uses them is
 * analysed but its variants do not compile (said). */
#pragma once
#include <cuda_runtime.h>
#include <stddef.h> /* ptrdiff_t, size_t: the real thrust brings them whatever was included before */
/* thrust's vectors and allocators bring these standard headers to every
 * file that includes one (gunrock uses std::shared_ptr through them) */
#if defined(__cplusplus) && __has_include(<memory>)
#include <iterator>
#include <memory>
#endif

/* thrust/version.h: the CCCL of CUDA 13.0, which code checks with #if */
#define THRUST_VERSION 300000
#define THRUST_MAJOR_VERSION 3
#define THRUST_MINOR_VERSION 0
#define THRUST_SUBMINOR_VERSION 0
#define THRUST_PATCH_NUMBER 0
#define THRUST_DEVICE_SYSTEM_CUDA 1
#define THRUST_HOST_SYSTEM_CPP 2
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CUDA
#define THRUST_HOST_SYSTEM THRUST_HOST_SYSTEM_CPP
#define THRUST_NS_QUALIFIER ::thrust
#define THRUST_NAMESPACE_BEGIN namespace thrust {
#define THRUST_NAMESPACE_END }

namespace thrust {

/* pair and tuple */
template <class T1, class T2> struct pair {
    typedef T1 first_type;
    typedef T2 second_type;
    T1 first;
    T2 second;
    __host__ __device__ pair();
    __host__ __device__ pair(const T1 &, const T2 &);
    template <class U1, class U2> __host__ __device__ pair(const pair<U1, U2> &);
};
template <class T1, class T2> __host__ __device__ pair<T1, T2> make_pair(T1, T2);

template <class... T> class tuple {
  public:
    __host__ __device__ tuple();
    __host__ __device__ tuple(const T &...);
    template <class... U> __host__ __device__ tuple(const tuple<U...> &);
    template <class U> __host__ __device__ tuple &operator=(const U &); /* tie(a, b) = pair */
};
template <size_t I, class T> struct tuple_element;
template <size_t I, class H, class... T>
struct tuple_element<I, tuple<H, T...>> : tuple_element<I - 1, tuple<T...>> {};
template <class H, class... T> struct tuple_element<0, tuple<H, T...>> { typedef H type; };
template <class T> struct tuple_size;
template <class... T> struct tuple_size<tuple<T...>> { static const size_t value = sizeof...(T); };
template <size_t I, class... T>
__host__ __device__ typename tuple_element<I, tuple<T...>>::type &get(tuple<T...> &);
template <size_t I, class... T>
__host__ __device__ const typename tuple_element<I, tuple<T...>>::type &get(const tuple<T...> &);
template <size_t I, class T1, class T2>
__host__ __device__ typename tuple_element<I, tuple<T1, T2>>::type &get(pair<T1, T2> &);
template <class... T> __host__ __device__ tuple<T...> make_tuple(T...);
template <class... T> __host__ __device__ tuple<T &...> tie(T &...);

/* function objects */
#define GM_THRUST_BINARY(name, R, op)                                                              \
    template <class T> struct name {                                                        \
        typedef T first_argument_type;                                                             \
        typedef T second_argument_type;                                                            \
        typedef R result_type;                                                                     \
        __host__ __device__ R operator()(const T &a, const T &b) const { return op; }              \
    };
GM_THRUST_BINARY(plus, T, a + b)
GM_THRUST_BINARY(minus, T, a - b)
GM_THRUST_BINARY(multiplies, T, a * b)
GM_THRUST_BINARY(divides, T, a / b)
GM_THRUST_BINARY(modulus, T, a % b)
GM_THRUST_BINARY(maximum, T, a < b ? b : a)
GM_THRUST_BINARY(minimum, T, b < a ? b : a)
GM_THRUST_BINARY(equal_to, bool, a == b)
GM_THRUST_BINARY(not_equal_to, bool, a != b)
GM_THRUST_BINARY(less, bool, a < b)
GM_THRUST_BINARY(greater, bool, b < a)
GM_THRUST_BINARY(less_equal, bool, !(b < a))
GM_THRUST_BINARY(greater_equal, bool, !(a < b))
GM_THRUST_BINARY(logical_and, bool, a && b)
GM_THRUST_BINARY(logical_or, bool, a || b)
GM_THRUST_BINARY(bit_and, T, a & b)
GM_THRUST_BINARY(bit_or, T, a | b)
GM_THRUST_BINARY(bit_xor, T, a ^ b)
#undef GM_THRUST_BINARY
template <class T> struct negate {
    __host__ __device__ T operator()(const T &a) const { return -a; }
};
template <class T> struct identity {
    __host__ __device__ const T &operator()(const T &a) const { return a; }
};
template <class T> struct logical_not {
    __host__ __device__ bool operator()(const T &a) const { return !a; }
};

/* complex numbers */
template <class T> struct complex {
    typedef T value_type;
    __host__ __device__ complex(const T &re = T(), const T &im = T());
    template <class U> __host__ __device__ complex(const complex<U> &);
    __host__ __device__ T real() const;
    __host__ __device__ T imag() const;
    __host__ __device__ void real(T);
    __host__ __device__ void imag(T);
    __host__ __device__ complex &operator+=(const complex &);
    __host__ __device__ complex &operator-=(const complex &);
    __host__ __device__ complex &operator*=(const complex &);
    __host__ __device__ complex &operator/=(const complex &);
};
#define GM_THRUST_COMPLEX_OP(op)                                                                   \
    template <class T> __host__ __device__ complex<T> operator op(const complex<T> &, const complex<T> &); \
    template <class T> __host__ __device__ complex<T> operator op(const complex<T> &, const T &);  \
    template <class T> __host__ __device__ complex<T> operator op(const T &, const complex<T> &);
GM_THRUST_COMPLEX_OP(+)
GM_THRUST_COMPLEX_OP(-)
GM_THRUST_COMPLEX_OP(*)
GM_THRUST_COMPLEX_OP(/)
#undef GM_THRUST_COMPLEX_OP
template <class T> __host__ __device__ complex<T> operator-(const complex<T> &);
template <class T> __host__ __device__ bool operator==(const complex<T> &, const complex<T> &);
template <class T> __host__ __device__ bool operator!=(const complex<T> &, const complex<T> &);
template <class T> __host__ __device__ T abs(const complex<T> &);
template <class T> __host__ __device__ T arg(const complex<T> &);
template <class T> __host__ __device__ T norm(const complex<T> &);
template <class T> __host__ __device__ complex<T> conj(const complex<T> &);
template <class T> __host__ __device__ complex<T> exp(const complex<T> &);
template <class T> __host__ __device__ complex<T> log(const complex<T> &);
template <class T> __host__ __device__ complex<T> sqrt(const complex<T> &);
template <class T> __host__ __device__ complex<T> pow(const complex<T> &, const T &);
template <class T> __host__ __device__ complex<T> polar(const T &, const T & = T());

/* device memory */
template <class T> class device_ptr {
  public:
    typedef T element_type;
    __host__ __device__ device_ptr();
    __host__ __device__ explicit device_ptr(T *);
    template <class U> __host__ __device__ device_ptr(const device_ptr<U> &);
    __host__ __device__ T *get() const;
    __host__ __device__ T &operator[](ptrdiff_t) const;
    __host__ __device__ T &operator*() const;
    __host__ __device__ device_ptr operator+(ptrdiff_t) const;
    __host__ __device__ device_ptr operator-(ptrdiff_t) const;
    __host__ __device__ ptrdiff_t operator-(const device_ptr &) const;
    __host__ __device__ device_ptr &operator++();
    __host__ __device__ device_ptr &operator+=(ptrdiff_t);
};
template <class T> __host__ __device__ T *raw_pointer_cast(const device_ptr<T> &);
template <class T> __host__ __device__ T *raw_pointer_cast(T *);
template <class T> __host__ __device__ device_ptr<T> device_pointer_cast(T *);
template <class T> __host__ device_ptr<T> device_malloc(size_t);
template <class T> __host__ void device_free(device_ptr<T>);

template <class T, class Alloc = void> class host_vector {
  public:
    typedef T value_type;
    typedef T *iterator;
    host_vector();
    explicit host_vector(size_t);
    host_vector(size_t, const T &);
    template <class It> host_vector(It, It);
    template <class V> host_vector(const V &);
    size_t size() const;
    bool empty() const;
    T *data();
    const T *data() const;
    iterator begin();
    iterator end();
    T &operator[](size_t);
    const T &operator[](size_t) const;
    void resize(size_t);
    void resize(size_t, const T &);
    void clear();
    void push_back(const T &);
};
template <class T> class device_malloc_allocator {
  public:
    typedef T value_type;
    typedef device_ptr<T> pointer;
    typedef size_t size_type;
    pointer allocate(size_type);
    void deallocate(pointer, size_type);
};
template <class T, class Alloc = device_malloc_allocator<T>> class device_vector {
  public:
    typedef T value_type;
    typedef device_ptr<T> iterator;
    device_vector();
    explicit device_vector(size_t);
    device_vector(size_t, const T &);
    template <class It> device_vector(It, It);
    template <class V> device_vector(const V &);
    template <class V> device_vector &operator=(const V &);
    size_t size() const;
    bool empty() const;
    device_ptr<T> data();
    device_ptr<const T> data() const;
    iterator begin();
    iterator end();
    T &operator[](size_t);
    void resize(size_t);
    void resize(size_t, const T &);
    void clear();
};

/* fancy iterators (thrust/iterator/...): random access, dereferenced on
 * the device */
template <class T> class counting_iterator {
  public:
    typedef T value_type;
    typedef ptrdiff_t difference_type;
    __host__ __device__ counting_iterator();
    __host__ __device__ explicit counting_iterator(T);
    __host__ __device__ T operator*() const;
    __host__ __device__ T operator[](difference_type) const;
    __host__ __device__ counting_iterator operator+(difference_type) const;
    __host__ __device__ counting_iterator operator-(difference_type) const;
    __host__ __device__ difference_type operator-(const counting_iterator &) const;
    __host__ __device__ counting_iterator &operator++();
    __host__ __device__ counting_iterator &operator+=(difference_type);
};
template <class T> __host__ __device__ counting_iterator<T> make_counting_iterator(T);
template <class T> class constant_iterator {
  public:
    typedef T value_type;
    typedef ptrdiff_t difference_type;
    __host__ __device__ constant_iterator();
    __host__ __device__ explicit constant_iterator(const T &, difference_type = 0);
    __host__ __device__ const T &operator*() const;
    __host__ __device__ const T &operator[](difference_type) const;
    __host__ __device__ constant_iterator operator+(difference_type) const;
    __host__ __device__ difference_type operator-(const constant_iterator &) const;
    __host__ __device__ constant_iterator &operator++();
};
template <class T> __host__ __device__ constant_iterator<T> make_constant_iterator(T, ptrdiff_t = 0);
/* iterators over other iterators, defined: they are instantiated with the
 * user's lambdas, whose members clang wants defined where they are used */
template <class F, class It, class R = void, class V = void> class transform_iterator {
    It it;
    mutable F f; /* thrust calls a functor whose operator() is not const */

  public:
    typedef ptrdiff_t difference_type;
    __host__ __device__ transform_iterator(It i, F g) : it(i), f(g) {}
    __host__ __device__ auto operator*() const -> decltype(f(*it)) { return f(*it); }
    __host__ __device__ auto operator[](difference_type n) const -> decltype(f(*it)) { return f(it[n]); }
    __host__ __device__ transform_iterator operator+(difference_type n) const { return transform_iterator(it + n, f); }
    __host__ __device__ difference_type operator-(const transform_iterator &o) const { return it - o.it; }
    __host__ __device__ transform_iterator &operator++() { ++it; return *this; }
    __host__ __device__ It base() const { return it; }
};
template <class F, class It> __host__ __device__ transform_iterator<F, It> make_transform_iterator(It i, F f)
{
    return transform_iterator<F, It>(i, f);
}
template <class Tuple> class zip_iterator {
    Tuple its;

  public:
    typedef ptrdiff_t difference_type;
    __host__ __device__ zip_iterator() {}
    __host__ __device__ explicit zip_iterator(const Tuple &t) : its(t) {}
    __host__ __device__ zip_iterator operator+(difference_type) const { return *this; }
    __host__ __device__ difference_type operator-(const zip_iterator &) const { return 0; }
    __host__ __device__ zip_iterator &operator++() { return *this; }
    __host__ __device__ const Tuple &get_iterator_tuple() const { return its; }
};
template <class... It> __host__ __device__ zip_iterator<tuple<It...>> make_zip_iterator(tuple<It...> t)
{
    return zip_iterator<tuple<It...>>(t);
}
template <class... It> __host__ __device__ zip_iterator<tuple<It...>> make_zip_iterator(It... i)
{
    return zip_iterator<tuple<It...>>(tuple<It...>(i...));
}
template <class E, class I> class permutation_iterator {
    E e;
    I i;

  public:
    typedef ptrdiff_t difference_type;
    __host__ __device__ permutation_iterator(E x, I y) : e(x), i(y) {}
    __host__ __device__ auto operator*() const -> decltype(e[*i]) { return e[*i]; }
    __host__ __device__ auto operator[](difference_type n) const -> decltype(e[i[n]]) { return e[i[n]]; }
    __host__ __device__ permutation_iterator operator+(difference_type n) const { return permutation_iterator(e, i + n); }
    __host__ __device__ permutation_iterator &operator++() { ++i; return *this; }
};
template <class E, class I> __host__ __device__ permutation_iterator<E, I> make_permutation_iterator(E e, I i)
{
    return permutation_iterator<E, I>(e, i);
}
template <class It> class reverse_iterator {
    It it;

  public:
    typedef ptrdiff_t difference_type;
    __host__ __device__ explicit reverse_iterator(It i) : it(i) {}
    __host__ __device__ auto operator*() const -> decltype(*it) { return *it; }
    __host__ __device__ reverse_iterator operator+(difference_type n) const { return reverse_iterator(it - n); }
    __host__ __device__ difference_type operator-(const reverse_iterator &o) const { return o.it - it; }
    __host__ __device__ reverse_iterator &operator++() { --it; return *this; }
    __host__ __device__ It base() const { return it; }
};
template <class It> __host__ __device__ reverse_iterator<It> make_reverse_iterator(It i) { return reverse_iterator<It>(i); }
/* writes through a functor: what is assigned to an element is f(value) */
template <class F, class It> class transform_output_iterator {
    It it;
    mutable F f;
    struct proxy {
        const transform_output_iterator *o;
        template <class V> __host__ __device__ const proxy &operator=(const V &v) const { *o->it = o->f(v); return *this; }
    };

  public:
    typedef ptrdiff_t difference_type;
    __host__ __device__ transform_output_iterator(It i, F g) : it(i), f(g) {}
    __host__ __device__ proxy operator*() const { return proxy{this}; }
    __host__ __device__ proxy operator[](difference_type) const { return proxy{this}; }
    __host__ __device__ transform_output_iterator operator+(difference_type n) const { return transform_output_iterator(it + n, f); }
    __host__ __device__ transform_output_iterator &operator++() { ++it; return *this; }
};
template <class It, class F> __host__ __device__ transform_output_iterator<F, It> make_transform_output_iterator(It i, F f)
{
    return transform_output_iterator<F, It>(i, f);
}
class discard_iterator_value {
  public:
    template <class T> __host__ __device__ const discard_iterator_value &operator=(const T &) const;
};
template <class System = void> class discard_iterator {
  public:
    typedef ptrdiff_t difference_type;
    __host__ __device__ discard_iterator();
    __host__ __device__ const discard_iterator_value &operator*() const;
    __host__ __device__ const discard_iterator_value &operator[](difference_type) const;
    __host__ __device__ discard_iterator operator+(difference_type) const;
    __host__ __device__ discard_iterator &operator++();
};
__host__ __device__ discard_iterator<> make_discard_iterator(ptrdiff_t = 0);

/* where algorithms run; the algorithms themselves are host code gmadvise
 * does not analyse: empty, defined because calls pass them lambdas */
struct execution_policy {
    execution_policy on(cudaStream_t) const;
    template <class Allocator> execution_policy operator()(Allocator &&) const; /* par(alloc) */
};
extern const execution_policy device, host, seq;
namespace cuda {
extern const execution_policy par, par_nosync;
}
/* what an algorithm returns where gmadvise does not type it: converts to
 * what the call's target is */
struct algorithm_result {
    template <class T> __host__ __device__ operator T() const;
};
#define GM_THRUST_ALGORITHM(name) template <class... A> __host__ __device__ void name(A &&...) {}
GM_THRUST_ALGORITHM(sequence)
GM_THRUST_ALGORITHM(fill)
GM_THRUST_ALGORITHM(copy)
GM_THRUST_ALGORITHM(transform)
GM_THRUST_ALGORITHM(for_each)
GM_THRUST_ALGORITHM(sort)
GM_THRUST_ALGORITHM(stable_sort)
GM_THRUST_ALGORITHM(sort_by_key)
GM_THRUST_ALGORITHM(stable_sort_by_key)
GM_THRUST_ALGORITHM(inclusive_scan)
GM_THRUST_ALGORITHM(exclusive_scan)
GM_THRUST_ALGORITHM(gather)
GM_THRUST_ALGORITHM(scatter)
GM_THRUST_ALGORITHM(scatter_if)
GM_THRUST_ALGORITHM(gather_if)
GM_THRUST_ALGORITHM(fill_n)
GM_THRUST_ALGORITHM(generate)
GM_THRUST_ALGORITHM(tabulate)
GM_THRUST_ALGORITHM(replace)
GM_THRUST_ALGORITHM(replace_if)
GM_THRUST_ALGORITHM(uninitialized_fill)
GM_THRUST_ALGORITHM(inclusive_scan_by_key)
GM_THRUST_ALGORITHM(exclusive_scan_by_key)
GM_THRUST_ALGORITHM(adjacent_difference)
#undef GM_THRUST_ALGORITHM
/* The algorithms that return something, typed as thrust types it: the
 * first iterator passed (after an execution policy) for those that return
 * a position, the initial value for reductions given one, bool for the
 * predicates, the difference type for counts; host and device, as the
 * sequential policy runs them in kernels (thrust::seq).  Their bodies are
 * never run: gmadvise only parses them. */
namespace detail {
template <class T> struct bare { typedef T type; };
template <class T> struct bare<T &> : bare<T> {};
template <class T> struct bare<T &&> : bare<T> {};
template <class T> struct bare<const T> : bare<T> {};
template <bool P, class A, class B> struct pick { typedef A type; };
template <class A, class B> struct pick<false, A, B> { typedef B type; };
template <class T> struct is_policy { static const bool value = __is_base_of(execution_policy, typename bare<T>::type); };
template <class... A> struct args;
template <class A0, class... R> struct args<A0, R...> {
    typedef typename bare<A0>::type first;
    typedef args<R...> rest;
};
template <> struct args<> {
    typedef algorithm_result first;
    typedef args<> rest;
};
/* the arguments after an execution policy, if one leads */
template <class... A> struct unpolicied {
    typedef typename pick<is_policy<typename args<A...>::first>::value, typename args<A...>::rest, args<A...>>::type type;
};
template <class... A> struct position { typedef typename unpolicied<A...>::type::first type; };
/* reduce(first, last, init, ...): init's type; without one, the result converts */
template <class... A> struct reduced {
    typedef typename unpolicied<A...>::type::rest::rest::first type;
};
template <class T> __host__ __device__ T &never_run() { return *(T *)0; }
} // namespace detail
#define GM_THRUST_ALGORITHM(name, R)                                                               \
    template <class... A> __host__ __device__ R name(A &&...) { return detail::never_run<R>(); }
#define GM_POSITION typename detail::position<A...>::type
#define GM_REDUCED typename detail::reduced<A...>::type
GM_THRUST_ALGORITHM(reduce, GM_REDUCED)
GM_THRUST_ALGORITHM(transform_reduce, algorithm_result)
GM_THRUST_ALGORITHM(inner_product, algorithm_result)
GM_THRUST_ALGORITHM(count, ptrdiff_t)
GM_THRUST_ALGORITHM(count_if, ptrdiff_t)
GM_THRUST_ALGORITHM(reduce_by_key, algorithm_result)
GM_THRUST_ALGORITHM(unique_by_key, algorithm_result)
GM_THRUST_ALGORITHM(unique, GM_POSITION)
GM_THRUST_ALGORITHM(copy_if, algorithm_result)
GM_THRUST_ALGORITHM(copy_n, algorithm_result)
GM_THRUST_ALGORITHM(remove_if, GM_POSITION)
GM_THRUST_ALGORITHM(find, GM_POSITION)
GM_THRUST_ALGORITHM(find_if, GM_POSITION)
GM_THRUST_ALGORITHM(min_element, GM_POSITION)
GM_THRUST_ALGORITHM(max_element, GM_POSITION)
GM_THRUST_ALGORITHM(minmax_element, algorithm_result)
GM_THRUST_ALGORITHM(lower_bound, GM_POSITION)
GM_THRUST_ALGORITHM(upper_bound, GM_POSITION)
GM_THRUST_ALGORITHM(binary_search, bool)
GM_THRUST_ALGORITHM(all_of, bool)
GM_THRUST_ALGORITHM(any_of, bool)
GM_THRUST_ALGORITHM(none_of, bool)
GM_THRUST_ALGORITHM(equal, bool)
GM_THRUST_ALGORITHM(merge, algorithm_result)
GM_THRUST_ALGORITHM(partition, GM_POSITION)
#undef GM_THRUST_ALGORITHM
#undef GM_POSITION
#undef GM_REDUCED

} // namespace thrust
