// libFuzzer target: the experiment-config reader (harness/experiment/experiment_config.h), from JSON text to a
// resolved experiment, with the EPD reader it calls. Any input either throws harness::UserError (a message naming
// the file) or gives an experiment whose stored form reads back to the same experiment and whose cells enumerate.
// Any other exception, a crash, a hang or a sanitizer report is a failure. Seed corpus: fuzz/corpus/experiment_config_fuzz/.
//
// Input: the config text; optionally followed by a line `--- fuzz.epd` and the text of an EPD file, which the
// config can name as "positions/fuzz.epd". The target runs in a project root of its own (BUHO_HOME, set once at
// start): a temporary copy of configs/versions.json and positions/lct2.epd, plus positions/fuzz.epd rewritten for
// every input, so the EPD reader sees fuzzed text too.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>

#include "harness/errors.h"
#include "harness/experiment/cell_enumeration.h"
#include "harness/experiment/experiment_config.h"

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kEpdMarker = "\n--- fuzz.epd\n";
// Enumerating cells keys each one (JSON + hash, about 1 ms a cell with sanitizers); a config may ask for 40 depths x
// many positions x many sizes, so cells are enumerated only up to this many (the config reader itself always runs).
constexpr std::size_t kMaxCellsToEnumerate = 100;

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "experiment_config_fuzz: %s: %s\n", what, detail.c_str());
  std::abort();
}

fs::path g_root;  // the target's private project root (set once, by LLVMFuzzerInitialize)

void write_file(const fs::path& p, std::string_view text) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(text.data(), std::streamsize(text.size()));
  if (!out) fail("cannot write", p.string());
}

std::size_t cell_estimate(const harness::Experiment& exp) {
  std::size_t n = exp.positions.size() * exp.versions.size() * exp.depths.size();
  for (const auto& s : exp.sweeps) n += s.positions.size() * s.tt_schemes.size() * s.tt_entries.size() * s.depths.size();
  return n;
}

void check_experiment(const harness::Experiment& exp, std::string_view input) {
  // The stored form (DIR/experiment.json) must rebuild the same experiment.
  const nlohmann::json stored = exp.to_json();
  const harness::Experiment again = harness::Experiment::from_json(stored, "fuzz experiment.json");
  if (!harness::same_experiment(exp, again)) fail("stored form does not read back", std::string(input));
  if (again.to_json() != stored) fail("stored form is not stable", stored.dump());
  if (cell_estimate(exp) > kMaxCellsToEnumerate) return;
  for (const auto& cell : harness::enumerate_cells(exp, "fuzz-engine")) {
    if (cell.tables.empty()) fail("a cell in no table", cell.inputs.position);
    const harness::PositionSpec* p = exp.find_position(cell.inputs.position);
    if (p == nullptr || p->fen != cell.inputs.fen) fail("a cell of an unknown position", cell.inputs.position);
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  char pattern[] = "/tmp/buho-config-fuzz-XXXXXX";
  if (mkdtemp(pattern) == nullptr) fail("cannot create a temporary directory", pattern);
  g_root = pattern;
  const fs::path source = BUHO_SOURCE_DIR;
  fs::create_directories(g_root / "configs");
  fs::create_directories(g_root / "positions");
  fs::copy_file(source / "configs/versions.json", g_root / "configs/versions.json");
  fs::copy_file(source / "positions/lct2.epd", g_root / "positions/lct2.epd");
  setenv("BUHO_HOME", g_root.c_str(), 1);  // harness::project_root(): relative paths in a config resolve here
  std::atexit([] {
    std::error_code ec;
    fs::remove_all(g_root, ec);
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t marker = input.find(kEpdMarker);
  const std::string_view config = input.substr(0, marker);
  const std::string_view epd = marker == std::string_view::npos ? std::string_view() : input.substr(marker + kEpdMarker.size());
  const fs::path config_file = g_root / "config.json";
  write_file(config_file, config);
  // positions/fuzz.epd is rewritten only when it changes (most inputs have none): two file writes per input cost
  // more than many a config.
  static std::optional<std::string> last_epd;  // what the file holds; none before the first input
  if (epd != last_epd) {
    write_file(g_root / "positions/fuzz.epd", epd);
    last_epd = epd;
  }
  try {
    check_experiment(harness::load_experiment(config_file), input);
  } catch (const harness::UserError& e) {
    if (std::string_view(e.what()).empty()) fail("an empty error message", std::string(input));
  } catch (const std::exception& e) {
    fail(("not a UserError: " + std::string(e.what())).c_str(), std::string(input));
  }
  return 0;
}
