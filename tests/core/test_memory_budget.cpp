// The memory budget (attn/memory_budget.hpp): a long input on the random-weight fixtures is refused
// before the T x T maps are allocated, with the figure and the limit (issue 49 point 21: 16,384 ids on a
// Llama-style model ended in std::bad_alloc). The expected sizes are computed by hand from the fixtures'
// config.json (llama-gqa: 2 layers, 4 heads, vocab 40; bert-tiny: 2 layers, 4 heads).

#include "attnviz_test_paths.hpp"

#include <attn/hf/bert.hpp>
#include <attn/hf/load.hpp>
#include <attn/memory_budget.hpp>
#include <gtest/gtest.h>
#include <sys/resource.h>

namespace {

namespace fs = std::filesystem;
const fs::path kHf = fs::path(ATTNVIZ_TEST_DATA_DIR) / "hf";
const std::string kHint = "; --memory-budget / View > Memory budget)";

/// Sets a budget for one test and restores the default after it.
class MemoryBudget : public ::testing::Test {
protected:
    void TearDown() override { attn::setMemoryBudget(0); }
};

std::shared_ptr<const attn::hf::CausalLm> llama() {
    auto lm = std::dynamic_pointer_cast<const attn::hf::CausalLm>(attn::hf::loadModel(kHf / "llama-gqa"));
    if (!lm)
        throw std::runtime_error("llama-gqa is not a causal LM");
    return lm;
}

/// The message of the MemoryBudgetError `f` throws ("" when it throws nothing; any other exception,
/// std::bad_alloc included, fails the test).
template <class F> std::string refusal(F&& f) {
    try {
        f();
    } catch (const attn::MemoryBudgetError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST(MemoryBudgetFormat, BytesAndThousands) {
    EXPECT_EQ(attn::formatBytes(68'719'476'736ULL), "68.7 GB"); // 8 x 8 x 16,384^2 x 4 B
    EXPECT_EQ(attn::formatBytes(131'072), "131.1 kB");
    EXPECT_EQ(attn::formatBytes(999), "999 B");
    EXPECT_EQ(attn::formatBytes(999'960), "1.0 MB");
    EXPECT_EQ(attn::withThousands(16384), "16,384");
    EXPECT_EQ(attn::withThousands(1'000'000), "1,000,000");
    EXPECT_EQ(attn::withThousands(999), "999");
    EXPECT_EQ(attn::attentionMapBytes(8, 8, 16384, 16384), 68'719'476'736ULL);
    // Saturates instead of wrapping around: 2^40 x 2^40 cells.
    EXPECT_EQ(attn::attentionMapBytes(1, 1, 1ULL << 40, 1ULL << 40), ~std::uint64_t{0});
}

TEST_F(MemoryBudget, TheIssuesExampleIsRefusedWithTheFigureAndTheLimit) {
    attn::setMemoryBudget(12'000'000'000ULL);
    EXPECT_EQ(refusal([] { attn::checkAttentionMaps(8, 8, 16384, 16384); }),
              "attention maps for 16,384 tokens: 8 layers x 8 heads x 16,384^2 x 4 B = 68.7 GB exceed the "
              "memory budget of 12.0 GB (set to 12.0 GB" +
                  kHint);
}

TEST_F(MemoryBudget, DefaultIsHalfOfPhysicalMemoryOrOfTheAddressSpaceLimit) {
    attn::setMemoryBudget(0);
    const std::uint64_t physical = attn::physicalMemoryBytes();
    ASSERT_GT(physical, 0u);
    rlimit r{};
    ASSERT_EQ(getrlimit(RLIMIT_AS, &r), 0);
    if (r.rlim_cur == RLIM_INFINITY || r.rlim_cur >= physical) {
        EXPECT_EQ(attn::memoryBudgetBytes(), physical / 2);
        EXPECT_EQ(attn::memoryBudgetOrigin(), "half of this machine's " + attn::formatBytes(physical));
    } else {
        EXPECT_EQ(attn::memoryBudgetBytes(), static_cast<std::uint64_t>(r.rlim_cur) / 2);
    }
    attn::setMemoryBudget(5000);
    EXPECT_EQ(attn::memoryBudgetBytes(), 5000u);
    attn::setMemoryBudget(0);
    EXPECT_NE(attn::memoryBudgetBytes(), 5000u);
}

// 64 ids on llama-gqa: maps 2 x 4 x 64^2 x 4 B = 131,072 B > 100 kB. The forward is refused before it
// allocates: the cache it was given is left as it was (no row reserved), and the error is the budget's,
// not std::bad_alloc.
TEST_F(MemoryBudget, LongLlamaInputIsRefusedBeforeAllocating) {
    const auto lm = llama();
    attn::setMemoryBudget(100'000);
    auto cache = lm->newCache();
    const std::vector<int> ids(64, 3);
    EXPECT_EQ(refusal([&] { lm->extend(cache, ids); }),
              "attention maps for 64 tokens: 2 layers x 4 heads x 64^2 x 4 B = 131.1 kB exceed the memory "
              "budget of 100.0 kB (set to 100.0 kB" +
                  kHint);
    EXPECT_EQ(cache.length, 0);
    for (const auto& k : cache.keys)
        EXPECT_EQ(k.rows(), 0);
    // 32 ids fit (maps 32,768 B, logits 32 x 40 x 4 = 5,120 B) and run as before.
    const auto pass = lm->forward(std::vector<int>(32, 3));
    EXPECT_EQ(pass.attention.size(), 2u);
    EXPECT_EQ(pass.logits.rows(), 32);
}

TEST_F(MemoryBudget, LogitsAndCachedStepsAreCheckedToo) {
    const auto lm = llama();
    auto cache = lm->newCache();
    lm->extend(cache, std::vector<int>(10, 3)); // under the default budget
    ASSERT_EQ(cache.length, 10);
    // One step after 10 cached positions: maps 2 x 4 x 1 x 11 x 4 = 352 B.
    attn::setMemoryBudget(351);
    EXPECT_EQ(refusal([&] { lm->extend(cache, {5}); }),
              "attention maps for 1 new token after 10: 2 layers x 4 heads x 1 x 11 x 4 B = 352 B exceed the "
              "memory budget of 351 B (set to 351 B" +
                  kHint);
    EXPECT_EQ(cache.length, 10);
    attn::setMemoryBudget(352);
    EXPECT_EQ(lm->extend(cache, {5}).attention[0][0].cols(), 11);
    EXPECT_EQ(cache.length, 11);
    // One token on an empty cache: the maps (2 x 4 x 1^2 x 4 = 32 B) fit, the logits (1 x 40 x 4 B) do not.
    auto fresh = lm->newCache();
    attn::setMemoryBudget(100);
    EXPECT_EQ(refusal([&] { lm->extend(fresh, {5}); }),
              "logits for 1 token: 1 x 40 x 4 B = 160 B exceed the memory budget of 100 B (set to 100 B" +
                  kHint);
    EXPECT_EQ(fresh.length, 0);
}

TEST_F(MemoryBudget, EncoderRefusesLongInput) {
    const auto bert =
        std::dynamic_pointer_cast<const attn::hf::BertModel>(attn::hf::loadModel(kHf / "bert-tiny"));
    ASSERT_TRUE(bert);
    // 60 ids: 2 x 4 x 60^2 x 4 B = 115,200 B.
    attn::setMemoryBudget(100'000);
    EXPECT_EQ(refusal([&] { bert->forward(std::vector<int>(60, 3)); }),
              "attention maps for 60 tokens: 2 layers x 4 heads x 60^2 x 4 B = 115.2 kB exceed the memory "
              "budget of 100.0 kB (set to 100.0 kB" +
                  kHint);
    attn::setMemoryBudget(115'200);
    EXPECT_EQ(bert->forward(std::vector<int>(60, 3)).attention.size(), 2u);
}
