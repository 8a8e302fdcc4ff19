#include <algorithm>
#include <atomic>
#include <attn/memory_budget.hpp>
#include <attn/threads.hpp>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace attn {

namespace {

int defaultThreads() {
    if (const char* env = std::getenv("ATTNVIZ_THREADS")) {
        char* end = nullptr;
        const long n = std::strtol(env, &end, 10);
        if (end != env && *end == '\0' && n >= 0 && n <= 1024)
            return n == 0 ? hardwareThreads() : static_cast<int>(n);
    }
    return 1;
}

std::atomic<int>& configured() {
    static std::atomic<int> threads{defaultThreads()};
    return threads;
}

thread_local bool insideLoop = false; // this thread runs a chunk of a parallel loop

/// One loop handed to the pool: chunks are taken in turn from `next`.
struct Job {
    const std::function<void(std::ptrdiff_t, std::ptrdiff_t)>* body = nullptr;
    std::ptrdiff_t n = 0, grain = 1, chunks = 0;
    std::atomic<std::ptrdiff_t> next{0};
    std::atomic<int> running{0}; // workers still inside run()
    std::mutex errorMutex;
    std::exception_ptr error;

    void run() {
        for (;;) {
            const std::ptrdiff_t c = next.fetch_add(1);
            if (c >= chunks)
                return;
            const std::ptrdiff_t b = c * grain, e = std::min(n, b + grain);
            try {
                (*body)(b, e);
            } catch (...) {
                std::lock_guard<std::mutex> lock(errorMutex);
                if (!error)
                    error = std::current_exception();
                next.store(chunks); // the remaining chunks are skipped
            }
        }
    }
};

/// Workers wait for a job; the thread that posts it works on it too and waits for the workers.
class Pool {
public:
    ~Pool() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stop_ = true;
        }
        wake_.notify_all();
        for (auto& t : workers_)
            t.join();
    }

    std::mutex busy; // held by the thread whose loop uses the pool

    /// Runs `job` on the caller and `helpers` workers (busy must be held).
    void run(Job& job, int helpers) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            while (static_cast<int>(workers_.size()) < helpers)
                workers_.emplace_back([this] { loop(); });
            job_ = &job;
            wanted_ = helpers;
            job.running.store(helpers);
            ++generation_;
        }
        wake_.notify_all();
        insideLoop = true;
        job.run();
        insideLoop = false;
        std::unique_lock<std::mutex> lock(mutex_);
        done_.wait(lock, [&] { return job.running.load() == 0; });
        job_ = nullptr;
    }

private:
    void loop() {
        std::uint64_t seen = 0;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            seen = generation_;
            // A worker created for the current job joins it below.
            if (job_ && wanted_ > 0)
                seen = generation_ - 1;
        }
        for (;;) {
            Job* job = nullptr;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                wake_.wait(lock, [&] { return stop_ || (generation_ != seen && job_ && wanted_ > 0); });
                if (stop_)
                    return;
                seen = generation_;
                --wanted_;
                job = job_;
            }
            insideLoop = true;
            job->run();
            insideLoop = false;
            {
                std::lock_guard<std::mutex> lock(mutex_);
                if (job->running.fetch_sub(1) == 1)
                    done_.notify_all();
            }
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_, done_;
    std::vector<std::thread> workers_;
    Job* job_ = nullptr;
    int wanted_ = 0; // workers the current job still takes
    std::uint64_t generation_ = 0;
    bool stop_ = false;
};

Pool& pool() {
    static Pool p;
    return p;
}

} // namespace

int hardwareThreads() {
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

int threadCount() {
    return configured().load();
}

void setThreadCount(int threads) {
    configured().store(threads <= 0 ? hardwareThreads() : std::min(threads, 1024));
}

void useEveryCoreByDefault() {
    if (!std::getenv("ATTNVIZ_THREADS"))
        setThreadCount(0);
}

int threadsFor(std::ptrdiff_t chunks) {
    if (insideLoop || chunks <= 1)
        return 1;
    return static_cast<int>(std::min<std::ptrdiff_t>(threadCount(), chunks));
}

void parallelFor(std::ptrdiff_t n, std::ptrdiff_t grain,
                 const std::function<void(std::ptrdiff_t, std::ptrdiff_t)>& body) {
    if (n <= 0)
        return;
    grain = std::max<std::ptrdiff_t>(1, grain);
    const std::ptrdiff_t chunks = (n + grain - 1) / grain;
    const int threads = threadsFor(chunks);
    Pool& p = pool();
    std::unique_lock<std::mutex> busy(p.busy, std::defer_lock);
    if (threads <= 1 || !busy.try_lock()) {
        const bool was = insideLoop;
        insideLoop = true; // kernels called from here stay on this thread
        try {
            for (std::ptrdiff_t b = 0; b < n; b += grain)
                body(b, std::min(n, b + grain));
        } catch (...) {
            insideLoop = was;
            throw;
        }
        insideLoop = was;
        return;
    }
    Job job;
    job.body = &body;
    job.n = n;
    job.grain = grain;
    job.chunks = chunks;
    p.run(job, threads - 1);
    if (job.error)
        std::rethrow_exception(job.error);
}

void checkThreadWorkspaces(int threads, std::uint64_t bytesPerThread, const std::string& what) {
    const auto t = static_cast<std::uint64_t>(std::max(1, threads));
    const std::uint64_t total = bytesPerThread > UINT64_MAX / t ? UINT64_MAX : bytesPerThread * t;
    checkAllocation(total, what + ": " + std::to_string(t) + (t == 1 ? " thread x " : " threads x ") +
                               formatBytes(bytesPerThread));
}

} // namespace attn
