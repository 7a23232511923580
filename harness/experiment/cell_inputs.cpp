#include "harness/experiment/cell_inputs.h"

#include <fmt/core.h>

#include <algorithm>

#include "harness/experiment/presets.h"

namespace harness {

using nlohmann::json;

std::vector<std::string> tt_scheme_names() {
  const auto* p = buho::find_param(buho::search_params(), kTtSchemeFlag);
  std::vector<std::string> out;
  if (p)
    for (auto c : p->choices) out.emplace_back(c);
  return out;
}

std::string TableRef::text() const {
  switch (kind) {
    case Kind::Versions: return "versions";
    case Kind::Sweep: return "sweep:" + sweep;
    case Kind::Reference: return "reference";
  }
  return "versions";
}

std::string CellInputs::tt_scheme() const {
  const auto* p = buho::find_param(buho::search_params(), kTtSchemeFlag);
  return p ? buho::param_to_text(*p, search) : std::string();
}

json CellInputs::flags_json() const { return flags_to_json(search, eval); }

json CellInputs::key_json() const {
  return {{"fen", fen},
          {"depth", depth},
          {"flags", flags_json()},
          {"tt_entries", tt_entries()},
          {"tt_scheme", tt_scheme()},
          {"node_budget", node_budget}};
}

std::string CellInputs::identity() const {
  // nlohmann::json keeps object keys sorted: the dump is canonical, and flags_json() lists every flag of
  // the current table, so two cells whose stored flags differ only by flags at their defaults are equal.
  return json{{"position", position}, {"fen", fen}, {"depth", depth}, {"flags", flags_json()}, {"node_budget", node_budget}}
      .dump();
}

bool CellSpec::in_table(const TableRef& t) const { return std::find(tables.begin(), tables.end(), t) != tables.end(); }

CellSpec make_cell(CellInputs inputs, const std::string& engine_identity) {
  CellSpec c;
  // The identity and the key's text as identity() and cell_key(key_json()) give them (nlohmann's canonical dump:
  // keys sorted, no spaces), assembled around one dump of the flags: building and dumping the flags' JSON twice
  // more was a third of a depth-1 cell's harness time. tests/cell_identity_test.cpp checks the two ways agree.
  const std::string flags = inputs.flags_json().dump();
  const std::string depth = std::to_string(inputs.depth), budget = std::to_string(inputs.node_budget);
  const std::string fen = json(inputs.fen).dump();
  c.identity = "{\"depth\":" + depth + ",\"fen\":" + fen + ",\"flags\":" + flags + ",\"node_budget\":" + budget +
               ",\"position\":" + json(inputs.position).dump() + "}";
  c.key = fnv1a_hex("{\"depth\":" + depth + ",\"engine\":" + json(engine_identity).dump() + ",\"fen\":" + fen +
                    ",\"flags\":" + flags + ",\"node_budget\":" + budget +
                    ",\"tt_entries\":" + std::to_string(inputs.tt_entries()) + ",\"tt_scheme\":" +
                    json(inputs.tt_scheme()).dump() + "}");
  c.key_engine = engine_identity;
  c.inputs = std::move(inputs);
  return c;
}

std::string fnv1a_hex(const std::string& text) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return fmt::format("{:016x}", h);
}

std::string cell_key(const json& written_inputs, const std::string& engine_identity) {
  json j = written_inputs;
  j["engine"] = engine_identity;
  return fnv1a_hex(j.dump());  // sorted keys: the dump is canonical
}

}  // namespace harness
