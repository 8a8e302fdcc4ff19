#include <attn/json_parse.hpp>
#include <vector>

namespace attn {

namespace {

using Json = nlohmann::json;

// "[json.exception.out_of_range.406] number overflow parsing '1e400'" -> "number overflow parsing '1e400'".
std::string withoutLibraryTag(const std::string& what) {
    static constexpr std::string_view kTag = "[json.exception.";
    if (what.compare(0, kTag.size(), kTag) != 0)
        return what;
    const auto end = what.find("] ");
    return end == std::string::npos ? what : what.substr(end + 2);
}

// Builds the DOM with nlohmann's own SAX DOM builder and records where a parse error happened.
class RecordingSax {
public:
    explicit RecordingSax(Json& root) : dom_(root, false) {}

    bool null() { return dom_.null(); }
    bool boolean(bool v) { return dom_.boolean(v); }
    bool number_integer(Json::number_integer_t v) { return dom_.number_integer(v); }
    bool number_unsigned(Json::number_unsigned_t v) { return dom_.number_unsigned(v); }
    bool number_float(Json::number_float_t v, const std::string& s) { return dom_.number_float(v, s); }
    bool string(std::string& v) { return dom_.string(v); }
    bool binary(Json::binary_t& v) { return dom_.binary(v); }
    bool start_object(std::size_t n) { return dom_.start_object(n); }
    bool key(std::string& v) { return dom_.key(v); }
    bool end_object() { return dom_.end_object(); }
    bool start_array(std::size_t n) { return dom_.start_array(n); }
    bool end_array() { return dom_.end_array(); }
    bool parse_error(std::size_t position, const std::string& lastToken,
                     const nlohmann::detail::exception& e) {
        failed = true;
        failure.position = position;
        failure.id = e.id;
        failure.message = e.what();
        failure.reason = withoutLibraryTag(failure.message);
        if (e.id == 406 && lastToken.size() <= position) // number overflow: point at the number
            failure.offset = position - lastToken.size();
        else
            failure.offset = position > 0 ? position - 1 : 0;
        return false;
    }

    bool failed = false;
    JsonParseFailure failure;

private:
    nlohmann::detail::json_sax_dom_parser<Json> dom_;
};

// Depth and element count of a value, without recursion; stops counting past the limits.
bool small(const Json& v, std::size_t maxDepth, std::size_t maxItems) {
    std::vector<std::pair<const Json*, std::size_t>> stack{{&v, 0}};
    std::size_t items = 0;
    while (!stack.empty()) {
        const auto [j, depth] = stack.back();
        stack.pop_back();
        if (++items > maxItems || depth > maxDepth)
            return false;
        if (j->is_structured())
            for (const auto& child : *j)
                stack.push_back({&child, depth + 1});
    }
    return true;
}

} // namespace

std::optional<nlohmann::json> tryParseJson(std::string_view text, JsonParseFailure* failure) {
    Json root;
    RecordingSax sax(root);
    const bool ok = Json::sax_parse(text.begin(), text.end(), &sax);
    if (!ok || sax.failed) {
        if (failure)
            *failure = sax.failure;
        return std::nullopt;
    }
    return root;
}

std::string describeJson(const nlohmann::json& value) {
    std::string text;
    if (small(value, 8, 64))
        text = value.dump(-1, ' ', false, Json::error_handler_t::replace);
    else
        text = (value.is_array() ? "a list of " : "an object of ") + std::to_string(value.size()) +
               (value.is_array() ? " item" : " key") + (value.size() == 1 ? "" : "s");
    if (text.size() > 80)
        text = text.substr(0, 77) + "...";
    return text;
}

} // namespace attn
