#pragma once
// A small, strict option parser for the headless subcommands: `--name value` or `--name=value`,
// flags without values, `--help`. Unknown options and missing values are errors.

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace cli {

class Args {
public:
    Args(std::string command, std::string summary);

    /// Declares `--name VALUE`.
    Args& option(const std::string& name, const std::string& valueName, const std::string& help,
                 bool required = false);
    /// Declares a boolean `--name`.
    Args& flag(const std::string& name, const std::string& help);

    /// Parses argv (without the program and subcommand names). Returns false and writes a message
    /// to `err` on a malformed command line. `--help` sets helpRequested() and returns true.
    bool parse(const std::vector<std::string>& argv, std::ostream& err);

    bool helpRequested() const { return help_; }
    bool has(const std::string& name) const;
    std::optional<std::string> value(const std::string& name) const;
    std::string valueOr(const std::string& name, const std::string& fallback) const;
    /// Integer option; on a malformed value writes to `err` and returns nullopt.
    std::optional<long> integer(const std::string& name, long fallback, std::ostream& err) const;

    std::string usage() const;

private:
    struct Spec {
        std::string name, valueName, help;
        bool takesValue = false;
        bool required = false;
    };
    const Spec* find(const std::string& name) const;

    std::string command_, summary_;
    std::vector<Spec> specs_;
    std::map<std::string, std::string> values_;
    bool help_ = false;
};

} // namespace cli
