#pragma once
// The core's worker threads (issue 53): a process-wide thread count and a loop that splits its
// iterations over that many threads (the caller's own thread plus a pool that lives until exit).
//
// Which thread runs which iteration is unspecified, so a parallel loop writes disjoint data and never
// splits a reduction: each output element is computed by one thread, in the same order of operations
// as with one thread. The kernels that use it (attention heads and row blocks, the dense layers' GEMM
// tiles) therefore give results bit-for-bit independent of the thread count
// (tests/core/test_threads.cpp checks it).
//
// The library's default is one thread, or ATTNVIZ_THREADS when that environment variable is a number
// (0: every core), so a test suite run with ctest -j does not oversubscribe the machine; the app and
// the CLI use every core (useEveryCoreByDefault) unless told otherwise (--threads N).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace attn {

/// The cores this machine offers (std::thread::hardware_concurrency, at least 1).
int hardwareThreads();
/// The threads parallel loops use (>= 1).
int threadCount();
/// Sets the thread count; 0 (or less) means every core. Takes effect at the next parallel loop.
void setThreadCount(int threads);

/// For the app and the CLI: every core, unless ATTNVIZ_THREADS is set (the test suite sets it to 1).
void useEveryCoreByDefault();

/// Calls body(begin, end) over [0, n) in chunks of at most `grain` iterations, on up to threadCount()
/// threads, and returns when every chunk is done. Runs everything on the calling thread when the count
/// is 1, when n <= grain, when called from inside another parallel loop (no nesting) or while another
/// thread's loop holds the pool. The first exception thrown by a chunk is rethrown here.
void parallelFor(std::ptrdiff_t n, std::ptrdiff_t grain,
                 const std::function<void(std::ptrdiff_t begin, std::ptrdiff_t end)>& body);

/// How many threads a loop of `n` chunks would use right now (1 inside another parallel loop).
int threadsFor(std::ptrdiff_t chunks);

/// checkAllocation (memory_budget.hpp) for `threads` per-thread workspaces of `bytesPerThread` each:
/// "<what>: 2 threads x 1.5 MB".
void checkThreadWorkspaces(int threads, std::uint64_t bytesPerThread, const std::string& what);

} // namespace attn
