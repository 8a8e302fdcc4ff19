#include "cli/args.hpp"

#include <charconv>
#include <sstream>

namespace cli {

Args::Args(std::string command, std::string summary)
    : command_(std::move(command)), summary_(std::move(summary)) {}

Args& Args::option(const std::string& name, const std::string& valueName, const std::string& help,
                   bool required) {
    specs_.push_back({name, valueName, help, true, required});
    return *this;
}

Args& Args::flag(const std::string& name, const std::string& help) {
    specs_.push_back({name, "", help, false, false});
    return *this;
}

const Args::Spec* Args::find(const std::string& name) const {
    for (const auto& s : specs_)
        if (s.name == name)
            return &s;
    return nullptr;
}

bool Args::parse(const std::vector<std::string>& argv, std::ostream& err) {
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (a == "--help" || a == "-h") {
            help_ = true;
            return true;
        }
        if (a.rfind("--", 0) != 0) {
            err << "attnviz " << command_ << ": unexpected argument '" << a << "'\n" << usage();
            return false;
        }
        std::string name = a.substr(2), inlineValue;
        bool hasInline = false;
        if (auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
            hasInline = true;
        }
        const Spec* spec = find(name);
        if (!spec) {
            err << "attnviz " << command_ << ": unknown option '--" << name << "'\n" << usage();
            return false;
        }
        if (!spec->takesValue) {
            if (hasInline) {
                err << "attnviz " << command_ << ": option '--" << name << "' takes no value\n";
                return false;
            }
            values_[name] = "1";
            continue;
        }
        if (hasInline) {
            values_[name] = inlineValue;
        } else if (i + 1 < argv.size()) {
            values_[name] = argv[++i];
        } else {
            err << "attnviz " << command_ << ": option '--" << name << "' needs a value (" << spec->valueName
                << ")\n";
            return false;
        }
    }
    for (const auto& s : specs_) {
        if (s.required && !values_.count(s.name)) {
            err << "attnviz " << command_ << ": missing required option '--" << s.name << " " << s.valueName
                << "'\n"
                << usage();
            return false;
        }
    }
    return true;
}

bool Args::has(const std::string& name) const {
    return values_.count(name) != 0;
}

std::optional<std::string> Args::value(const std::string& name) const {
    auto it = values_.find(name);
    if (it == values_.end())
        return std::nullopt;
    return it->second;
}

std::string Args::valueOr(const std::string& name, const std::string& fallback) const {
    auto v = value(name);
    return v ? *v : fallback;
}

std::optional<long> Args::integer(const std::string& name, long fallback, std::ostream& err) const {
    auto v = value(name);
    if (!v)
        return fallback;
    long out = 0;
    auto [ptr, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
    if (ec != std::errc() || ptr != v->data() + v->size()) {
        err << "attnviz " << command_ << ": option '--" << name << "' expects an integer, got '" << *v
            << "'\n";
        return std::nullopt;
    }
    return out;
}

std::string Args::usage() const {
    std::ostringstream out;
    out << "Usage: attnviz " << command_;
    for (const auto& s : specs_) {
        std::string item = "--" + s.name + (s.takesValue ? " " + s.valueName : "");
        out << ' ' << (s.required ? item : "[" + item + "]");
    }
    out << "\n\n" << summary_ << "\n\nOptions:\n";
    for (const auto& s : specs_) {
        std::string item = "--" + s.name + (s.takesValue ? " " + s.valueName : "");
        out << "  " << item;
        for (std::size_t pad = item.size(); pad < 26; ++pad)
            out << ' ';
        out << ' ' << s.help << '\n';
    }
    out << "  --help                     show this help\n";
    return out.str();
}

} // namespace cli
