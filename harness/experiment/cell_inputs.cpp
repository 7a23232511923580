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

std::string identity_text(const std::string& position, const std::string& fen, int depth, std::uint64_t node_budget,
                          const std::string& flags_hash, std::uint64_t time_limit_ms) {
  json j(json::value_t::object);
  j["depth"] = depth;
  j["fen"] = fen;
  j["flags"] = flags_hash;
  j["node_budget"] = node_budget;
  j["position"] = position;
  if (time_limit_ms) j["time_limit_ms"] = time_limit_ms;
  return j.dump();  // sorted keys, no spaces: canonical
}

std::string CellInputs::identity() const {
  // flags_json() lists every flag of the current table, so two cells whose stored flags differ only by flags at
  // their defaults have one flag set, and one identity.
  return identity_text(position, fen, depth, node_budget, flag_set().hash, time_limit_ms);
}

bool CellSpec::in_table(const TableRef& t) const { return std::find(tables.begin(), tables.end(), t) != tables.end(); }

CellSpec make_cell(CellInputs inputs, const std::string& engine_identity, const FlagSet* flags) {
  return CellMaker(engine_identity).make(std::move(inputs), flags);
}

namespace {

// `j[name]` holds `text`: its string assigned in place (its buffer reused), where assigning a json made a new one.
void set_text(json& j, const char* name, const std::string& text) {
  json& v = j[name];
  if (v.is_string()) v.get_ref<std::string&>() = text;
  else v = text;
}

}  // namespace

// The members of identity_text and of key_json with "engine" (cell_key), each assigned afresh; the optional
// time_limit_ms erased when a cell has none.
CellSpec CellMaker::make(CellInputs inputs, const FlagSet* flags) {
  CellSpec c;
  c.flag_set = flags ? *flags : inputs.flag_set();
  identity_["depth"] = inputs.depth;
  set_text(identity_, "fen", inputs.fen);
  set_text(identity_, "flags", c.flag_set.hash);
  identity_["node_budget"] = inputs.node_budget;
  set_text(identity_, "position", inputs.position);
  set_text(key_, "fen", inputs.fen);
  key_["depth"] = inputs.depth;
  set_text(key_, "flags", c.flag_set.hash);
  key_["tt_entries"] = inputs.tt_entries();
  set_text(key_, "tt_scheme", inputs.tt_scheme());
  key_["node_budget"] = inputs.node_budget;
  if (inputs.time_limit_ms) {
    identity_["time_limit_ms"] = inputs.time_limit_ms;
    key_["time_limit_ms"] = inputs.time_limit_ms;
  } else {
    identity_.erase("time_limit_ms");
    key_.erase("time_limit_ms");
  }
  set_text(key_, "engine", engine_);
  c.identity = identity_.dump();  // sorted keys, no spaces: canonical, as identity_text's
  c.key = fnv1a_hex(key_.dump());  // as cell_key's
  c.key_engine = engine_;
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
