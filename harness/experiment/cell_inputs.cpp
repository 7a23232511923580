#include "harness/experiment/cell_inputs.h"

#include <fmt/core.h>

#include <algorithm>

#include "harness/experiment/presets.h"
#include "harness/storage/json_text.h"

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
  // The flag's row found once (the table is immutable): a search by name per call was two per cell of a run.
  static const auto* const p = buho::find_param(buho::search_params(), kTtSchemeFlag);
  return p ? buho::param_to_text(*p, search) : std::string();
}

json CellInputs::flags_json() const { return flags_to_json(search, eval); }

FlagSet flag_set_of(const json& flags) {
  auto text = std::make_shared<const std::string>(flags.dump());
  return FlagSet{fnv1a_hex(*text), std::move(text)};
}

FlagSet CellInputs::flag_set() const { return flag_set_of(flags_json()); }

// The objects below are filled member by member: a braced list builds each pair as a JSON array of its own and then
// copies it into the object, which made these texts half again as costly (two of them per cell of a run's setup).
json CellInputs::key_json(const std::string& flags_hash) const {
  json j(json::value_t::object);
  j["fen"] = fen;
  j["depth"] = depth;
  j["flags"] = flags_hash;
  j["tt_entries"] = tt_entries();
  j["tt_scheme"] = tt_scheme();
  j["node_budget"] = node_budget;
  if (time_limit_ms) j["time_limit_ms"] = time_limit_ms;
  return j;
}

// The canonical dump of {depth, fen, flags, node_budget, position[, time_limit_ms]}: keys sorted, no spaces, as the
// json object's dump would write it (tests/cell_identity_test.cpp holds them equal).
std::string identity_text(const std::string& position, const std::string& fen, int depth, std::uint64_t node_budget,
                          const std::string& flags_hash, std::uint64_t time_limit_ms) {
  using json_text::put;
  std::string t;
  t.reserve(96 + position.size() + fen.size() + flags_hash.size());  // names, quotes, usual numbers: one allocation
  t += "{\"depth\":";
  put(t, depth);
  t += ",\"fen\":";
  put(t, fen);
  t += ",\"flags\":";
  put(t, flags_hash);
  t += ",\"node_budget\":";
  put(t, node_budget);
  t += ",\"position\":";
  put(t, position);
  if (time_limit_ms) {
    t += ",\"time_limit_ms\":";
    put(t, time_limit_ms);
  }
  t += '}';
  return t;
}

std::string CellInputs::identity() const {
  // flags_json() lists every flag of the current table, so two cells whose stored flags differ only by flags at
  // their defaults have one flag set, and one identity.
  return identity_text(position, fen, depth, node_budget, flag_set().hash, time_limit_ms);
}

bool CellSpec::in_table(const TableRef& t) const { return std::find(tables.begin(), tables.end(), t) != tables.end(); }

// cell_key(key_json(flags_hash), engine) without the json: the canonical dump of the key's members with "engine"
// (keys sorted, no spaces), hashed.
std::string cell_key(const CellInputs& in, const std::string& flags_hash, const std::string& engine_identity) {
  using json_text::put;
  std::string t;
  t.reserve(160 + engine_identity.size() + in.fen.size() + flags_hash.size());  // names, quotes, scheme, usual numbers
  t += "{\"depth\":";
  put(t, in.depth);
  t += ",\"engine\":";
  put(t, engine_identity);
  t += ",\"fen\":";
  put(t, in.fen);
  t += ",\"flags\":";
  put(t, flags_hash);
  t += ",\"node_budget\":";
  put(t, in.node_budget);
  if (in.time_limit_ms) {
    t += ",\"time_limit_ms\":";
    put(t, in.time_limit_ms);
  }
  t += ",\"tt_entries\":";
  put(t, in.tt_entries());
  t += ",\"tt_scheme\":";
  put(t, in.tt_scheme());
  t += '}';
  return fnv1a_hex(t);
}

CellSpec make_cell(CellInputs inputs, const std::string& engine_identity, const FlagSet* flags) {
  CellSpec c;
  c.flag_set = flags ? *flags : inputs.flag_set();
  c.identity = identity_text(inputs.position, inputs.fen, inputs.depth, inputs.node_budget, c.flag_set.hash,
                             inputs.time_limit_ms);
  c.key = cell_key(inputs, c.flag_set.hash, engine_identity);
  c.key_engine = engine_identity;
  c.inputs = std::move(inputs);
  return c;
}

std::uint64_t fnv1a_64(std::string_view text, std::uint64_t from) {
  std::uint64_t h = from;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

void write_hex16(std::uint64_t v, char* out) {
  // By hand rather than by fmt: a line's checksum is written once per cell (line_checksum.cpp).
  static constexpr char kDigits[] = "0123456789abcdef";
  for (int i = 15; i >= 0; --i, v >>= 4) out[i] = kDigits[v & 15];
}

std::string hex16(std::uint64_t v) {
  std::string out(16, '0');
  write_hex16(v, out.data());
  return out;
}

std::string fnv1a_hex(std::string_view text) { return hex16(fnv1a_64(text)); }

std::string cell_key(json written_inputs, const std::string& engine_identity) {
  json& j = written_inputs;  // taken by value: a new cell's inputs are moved in, not copied
  j["engine"] = engine_identity;
  return fnv1a_hex(j.dump());  // sorted keys: the dump is canonical
}

}  // namespace harness
