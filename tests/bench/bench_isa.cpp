// Which instruction set this attnviz_bench was compiled for, in the JSON's "context" (attnviz_isa,
// attnviz_vector_floats), so that training/bench_torch.py can compare it with the width of the OpenBLAS
// kernels the PyTorch peer runs and refuse a table whose two sides use different vector widths.

#include <benchmark/benchmark.h>

namespace {

#if defined(__AVX512F__)
constexpr const char* kIsa = "AVX-512";
constexpr const char* kFloats = "16";
#elif defined(__AVX2__) && defined(__FMA__)
constexpr const char* kIsa = "AVX2 + FMA";
constexpr const char* kFloats = "8";
#elif defined(__SSE2__)
constexpr const char* kIsa = "SSE2";
constexpr const char* kFloats = "4";
#else
constexpr const char* kIsa = "scalar";
constexpr const char* kFloats = "1";
#endif

// Google Benchmark's context map is created on first use, so adding to it during static initialisation
// (before benchmark_main's main() runs the benchmarks) is safe.
const bool kRegistered = [] {
    benchmark::AddCustomContext("attnviz_isa", kIsa);
    benchmark::AddCustomContext("attnviz_vector_floats", kFloats);
#ifdef NDEBUG
    benchmark::AddCustomContext("attnviz_assertions", "off");
#else
    benchmark::AddCustomContext("attnviz_assertions", "on (not an optimised build's figure)");
#endif
    return true;
}();

} // namespace
