#include "services/survey_cache.hpp"

#include <QByteArray>
#include <QCryptographicHash>
#include <QFile>
#include <algorithm>
#include <attn/error.hpp>
#include <attn/glove/loader.hpp>
#include <attn/json_parse.hpp>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <sstream>

namespace survey_cache {

namespace {

namespace fs = std::filesystem;

std::mutex& lock() {
    static std::mutex m;
    return m;
}
std::map<std::string, attn::analysis::SurveyReport>& memory() {
    static std::map<std::string, attn::analysis::SurveyReport> m;
    return m;
}

/// Adds the file's bytes to the hash; false when it cannot be read.
bool addFile(QCryptographicHash& hash, const fs::path& path) {
    QFile file(QString::fromStdString(path.string()));
    if (!file.open(QIODevice::ReadOnly))
        return false;
    hash.addData(QByteArray::number(file.size()));
    return hash.addData(&file);
}

/// The largest cache file read back (a BERT-base survey's examples are a few MB).
constexpr std::uintmax_t kMaxCacheBytes = std::uintmax_t{256} << 20;

} // namespace

fs::path directory() {
    return attn::glove::defaultCacheDir() / "heads";
}

std::string key(const std::string& modelDirectory, const std::string& corpusFile, std::size_t limit,
                const HeadSurveyOptions& options, std::string* warning) {
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(QByteArrayLiteral("attnviz head survey 1\n"));
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(modelDirectory, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec))
            files.push_back(it->path());
    if (ec) {
        if (warning)
            *warning = "cache not used: " + modelDirectory + ": " + ec.message();
        return {};
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        hash.addData(QByteArray::fromStdString(fs::relative(f, modelDirectory, ec).generic_string() + '\n'));
        if (!addFile(hash, f)) {
            if (warning)
                *warning = "cache not used: cannot read " + f.string();
            return {};
        }
    }
    hash.addData(QByteArrayLiteral("\ncorpus\n"));
    if (!addFile(hash, corpusFile)) {
        if (warning)
            *warning = "cache not used: cannot read " + corpusFile;
        return {};
    }
    std::ostringstream o;
    o << "\nlimit " << limit << " induction " << options.inductionRun << ' ' << options.inductionInputs
      << " top " << options.topK;
    hash.addData(QByteArray::fromStdString(o.str()));
    return hash.result().toHex().toStdString();
}

std::optional<attn::analysis::SurveyReport> find(const std::string& k, std::vector<std::string>* warnings) {
    if (k.empty())
        return std::nullopt;
    {
        std::lock_guard<std::mutex> guard(lock());
        if (const auto it = memory().find(k); it != memory().end())
            return it->second;
    }
    const fs::path path = directory() / (k + ".json");
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        return std::nullopt;
    auto warn = [&](const std::string& what) {
        if (warnings)
            warnings->push_back("ignored the cached survey " + path.string() + ": " + what);
        return std::nullopt;
    };
    const auto size = fs::file_size(path, ec);
    if (ec || size > kMaxCacheBytes)
        return warn(ec ? ec.message() : "larger than 256 MB");
    std::ifstream in(path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof())
        return warn("cannot be read");
    attn::JsonParseFailure failure;
    const auto json = attn::tryParseJson(text, &failure);
    if (!json)
        return warn("byte " + std::to_string(failure.offset) + ": " + failure.reason);
    try {
        attn::analysis::SurveyReport report = attn::analysis::parseReport(*json, path.string());
        std::lock_guard<std::mutex> guard(lock());
        memory()[k] = report;
        return report;
    } catch (const std::exception& e) {
        return warn(e.what());
    }
}

void store(const std::string& k, const attn::analysis::SurveyReport& report,
           std::vector<std::string>* warnings) {
    if (k.empty())
        return;
    {
        std::lock_guard<std::mutex> guard(lock());
        memory()[k] = report;
    }
    const fs::path dir = directory();
    std::error_code ec;
    fs::create_directories(dir, ec);
    const fs::path path = dir / (k + ".json"), temporary = dir / (k + ".json.part");
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << attn::analysis::reportJson(report).dump(1, ' ', false,
                                                       nlohmann::json::error_handler_t::replace);
        out.close();
        if (!out) {
            fs::remove(temporary, ec);
            if (warnings)
                warnings->push_back("the survey was not cached: cannot write " + temporary.string());
            return;
        }
    }
    fs::rename(temporary, path, ec);
    if (ec && warnings)
        warnings->push_back("the survey was not cached: " + path.string() + ": " + ec.message());
}

void clearMemory() {
    std::lock_guard<std::mutex> guard(lock());
    memory().clear();
}

} // namespace survey_cache
