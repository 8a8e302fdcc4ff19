#include "services/json_file.hpp"

#include <fstream>
#include <iostream>
#include <stdexcept>

namespace json_file {

void write(const std::string& path, const nlohmann::json& j, int indent) {
    // Text from the command line need not be UTF-8 (a word with a Latin-1 byte): the bytes that are not
    // become U+FFFD instead of nlohmann's "[json.exception.type_error.316] invalid UTF-8 byte" (issue 49).
    const std::string text = j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
    if (path == "-") {
        std::cout << text << '\n';
        return;
    }
    std::ofstream f(path, std::ios::binary);
    if (!f)
        throw std::runtime_error(path + ": cannot write");
    f << text << '\n';
    if (!f)
        throw std::runtime_error(path + ": write failed");
}

} // namespace json_file
