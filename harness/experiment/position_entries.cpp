#include "harness/experiment/position_entries.h"

#include <fmt/core.h>

#include <optional>
#include <set>

#include "engine/board.h"
#include "harness/experiment/config_paths.h"
#include "harness/experiment/epd_positions.h"
#include "harness/experiment/nearest_names.h"
#include "harness/thesis/thesis_setup.h"

namespace harness {

using nlohmann::json;
using namespace json_fields;

namespace {

void apply_position_extras(const Where& w, const std::string& path, const json& e, PositionSpec& p) {
  if (auto it = e.find("thesis_position"); it != e.end()) {
    const std::string at = path + ".thesis_position";
    if (!it->is_number_integer() && !it->is_number_unsigned())
      w.fail(at, fmt::format("thesis_position must be an integer, got {}", it->dump()));
    if (!integer_within(*it, thesis::kFirstPosition, thesis::kLastPosition))
      w.fail(at, fmt::format("thesis_position must be in {}..{}, got {}", thesis::kFirstPosition, thesis::kLastPosition,
                             it->dump()));
    p.thesis_position = it->get<int>();
  }
  if (auto it = e.find("phase"); it != e.end()) {
    std::string ph = get_string(w, path + ".phase", *it);
    if (ph != "middlegame" && ph != "endgame")
      w.fail(path + ".phase", fmt::format("unknown phase '{}' (valid: middlegame, endgame)", ph));
    p.phase = ph;
  }
  if (auto it = e.find("note"); it != e.end()) p.note = get_string(w, path + ".note", *it);
}

}  // namespace

std::vector<PositionSpec> parse_positions(const json_fields::Where& w, const json& j, std::map<std::string, Solution>& solutions) {
  const std::string path = "$.positions";
  if (!j.is_array() || j.empty()) w.fail(path, "expected a non-empty list of position entries");
  std::map<std::string, EpdFile> cache;
  std::vector<PositionSpec> out;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string p = fmt::format("{}[{}]", path, i);
    const json& e = j[i];
    if (!e.is_object())
      w.fail(p, "expected an object {\"epd\": FILE, \"ids\": [...]} or {\"fen\": FEN, \"id\": NAME}");
    const bool has_epd = e.contains("epd"), has_fen = e.contains("fen");
    if (has_epd == has_fen) w.fail(p, "needs exactly one of 'epd' (a file) or 'fen' (an inline position)");
    if (has_fen) {
      check_keys(w, p, e, {"fen", "id", "thesis_position", "phase", "note"});
      PositionSpec ps;
      std::string fen = get_string(w, p + ".fen", e["fen"]);
      std::optional<buho::Board> board;  // parsed once: its FEN normalised, its material the phase
      try {
        std::vector<std::string> warnings;
        board.emplace(buho::Board::from_fen(fen, &warnings));
        ps.fen = board->fen();
        for (const auto& warning : warnings) fmt::print(stderr, "warning: {}: {}.fen: {}\n", w.file, p, warning);
      } catch (const buho::ParseError& err) {
        w.fail(p + ".fen", err.what());
      }
      ps.id = e.contains("id") ? get_string(w, p + ".id", e["id"]) : fmt::format("fen{}", i + 1);
      if (const std::string why = position_id_problem(ps.id); !why.empty()) w.fail(p + ".id", why);
      ps.phase = phase_from_material(*board);
      apply_position_extras(w, p, e, ps);
      out.push_back(std::move(ps));
      continue;
    }
    check_keys(w, p, e, {"epd", "ids", "id", "thesis_position", "phase", "note"});
    const std::string file = get_string(w, p + ".epd", e["epd"]);
    auto it = cache.find(file);
    if (it == cache.end()) {
      const std::string where = fmt::format("{}: {}.epd", w.file, p);
      it = cache.emplace(file, load_epd(where, config_file_path(where, w.file, file, "EPD file").string())).first;
    }
    const EpdFile& epd = it->second;
    auto find = [&](const std::string& id, const std::string& ipath) -> PositionSpec {
      for (const auto& r : epd.records)
        if (r.id == id) return r;
      std::vector<std::string> ids;
      for (const auto& r : epd.records) ids.push_back(r.id);
      w.fail(ipath, fmt::format("no position with id '{}' in '{}' (nearest of its {} ids: {})", id, file, ids.size(),
                                join(nearest_names(id, ids))));
    };
    if (e.contains("id") && e.contains("ids")) w.fail(p, "give either 'id' (one position) or 'ids' (a list), not both");
    if (e.contains("id")) {
      PositionSpec ps = find(get_string(w, p + ".id", e["id"]), p + ".id");
      apply_position_extras(w, p, e, ps);
      out.push_back(std::move(ps));
    } else {
      if (e.contains("thesis_position")) w.fail(p + ".thesis_position", "needs a single position ('id'), not a list");
      std::vector<PositionSpec> chosen;
      if (e.contains("ids")) {
        const json& ids = e["ids"];
        if (!ids.is_array() || ids.empty()) w.fail(p + ".ids", "expected a non-empty list of EPD ids");
        for (std::size_t k = 0; k < ids.size(); ++k) {
          const std::string ip = fmt::format("{}.ids[{}]", p, k);
          chosen.push_back(find(get_string(w, ip, ids[k]), ip));
        }
      } else {
        chosen = epd.records;
        if (chosen.empty()) w.fail(p + ".epd", fmt::format("EPD file '{}' holds no positions", file));
      }
      for (auto& ps : chosen) {
        apply_position_extras(w, p, e, ps);
        out.push_back(std::move(ps));
      }
    }
  }
  std::set<std::string> seen;
  for (const auto& ps : out)
    if (!seen.insert(ps.id).second) w.fail(path, fmt::format("position '{}' is listed twice", ps.id));
  for (const auto& ps : out)
    for (const auto& [file, epd] : cache)
      if (auto it = epd.warnings.find(ps.id); it != epd.warnings.end())
        for (const auto& warning : it->second) fmt::print(stderr, "warning: {}\n", warning);
  for (const auto& ps : out)
    for (const auto& [file, epd] : cache)
      if (auto it = epd.solutions.find(ps.id); it != epd.solutions.end()) solutions[ps.id] = it->second;
  return out;
}

}  // namespace harness
