#include "harness/identity/signature_cache.h"

#include <fmt/core.h>
#include <unistd.h>

#include <xxhash.h>  // xxHash (Debian libxxhash-dev): XXH3-64, streamed

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <iterator>
#include <sstream>
#include <system_error>

#include "harness/experiment/cell_inputs.h"  // fnv1a_hex

namespace harness {

namespace fs = std::filesystem;

namespace {

fs::path cache_file(const fs::path& dir, const std::string& key) { return dir / ("signature-" + key + ".json"); }

std::string entry_check(const std::string& key, const EngineSignature& sig) {
  return fnv1a_hex(nlohmann::json{{"key", key},
                                  {"version_h_nodes", sig.version_h_nodes},
                                  {"version_h_cases", sig.version_h_cases},
                                  {"identity", sig.identity},
                                  {"identity_cases", sig.identity_cases}}
                       .dump());
}

}  // namespace

std::optional<fs::path> signature_cache_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return fs::path(xdg) / "buho-harness";
  if (const char* home = std::getenv("HOME"); home && *home) return fs::path(home) / ".cache" / "buho-harness";
  return std::nullopt;
}

std::optional<std::string> signature_cache_key(const std::vector<fs::path>& files) {
  // XXH3 over the bytes as they are read, not FNV-1a over a copy of them all: the program's own 4 MB took 10 ms
  // that way, paid by every process that needs the signature (a `harness search` of one position, `uci`'s start).
  // The key only names a cache file: a build with another key computes the signature once again and stores it.
  const std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> state(XXH3_createState(), &XXH3_freeState);
  if (!state || XXH3_64bits_reset(state.get()) != XXH_OK) return std::nullopt;
  auto add = [&state](const void* data, std::size_t size) { (void)XXH3_64bits_update(state.get(), data, size); };
  add(kEngineVersion, std::strlen(kEngineVersion));
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    if (!in) return std::nullopt;
    const std::string name = '\0' + f.string() + '\0';
    add(name.data(), name.size());
    char block[1 << 16];
    while (in.read(block, sizeof block) || in.gcount() > 0) add(block, std::size_t(in.gcount()));
    if (in.bad()) return std::nullopt;
  }
  return hex16(XXH3_64bits_digest(state.get()));
}

std::optional<EngineSignature> load_cached_signature(const fs::path& dir, const std::string& key) {
  std::ifstream in(cache_file(dir, key));
  if (!in) return std::nullopt;
  try {
    const nlohmann::json j = nlohmann::json::parse(in);
    if (j.at("key").get<std::string>() != key) return std::nullopt;
    EngineSignature sig;
    sig.version_h_nodes = j.at("version_h_nodes").get<std::uint64_t>();
    sig.version_h_cases = j.at("version_h_cases");
    sig.identity = j.at("identity").get<std::string>();
    sig.identity_cases = j.at("identity_cases");
    if (!sig.version_h_cases.is_array() || !sig.identity_cases.is_array() || sig.identity.empty()) return std::nullopt;
    // An entry is trusted only when it is consistent: its identity is the one its cases give, its bench signature
    // their sum, and its check the hash of its content with the key. A rewritten identity (still valid JSON) would
    // otherwise stamp every new cell with it; such an entry is computed again.
    if (sig.identity != identity_of_cases(sig.identity_cases)) return std::nullopt;
    std::uint64_t sum = 0;
    for (const auto& c : sig.version_h_cases) sum += c.at("nodes").get<std::uint64_t>();
    if (sum != sig.version_h_nodes) return std::nullopt;
    if (j.value("check", "") != entry_check(key, sig)) return std::nullopt;
    return sig;
  } catch (const nlohmann::json::exception&) {  // a malformed entry, or a case without its fields
    return std::nullopt;
  }
}

void store_cached_signature(const fs::path& dir, const std::string& key, const EngineSignature& sig) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return;
  const nlohmann::json j{{"key", key},
                         {"version_h_nodes", sig.version_h_nodes},
                         {"version_h_cases", sig.version_h_cases},
                         {"identity", sig.identity},
                         {"identity_cases", sig.identity_cases},
                         {"check", entry_check(key, sig)}};
  const fs::path aside = dir / fmt::format("signature-{}.json.tmp-{}", key, ::getpid());
  {
    std::ofstream out(aside, std::ios::trunc);
    out << j.dump() << '\n';
    if (!out.flush()) {
      fs::remove(aside, ec);
      return;
    }
  }
  fs::rename(aside, cache_file(dir, key), ec);
  if (ec) fs::remove(aside, ec);
}

}  // namespace harness
