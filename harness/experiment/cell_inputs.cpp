#include "harness/experiment/cell_inputs.h"

namespace harness {

CellRecord record_of_inputs(const CellSpec& cell, const std::string& engine_identity) {
  CellRecord r;
  r.key = cell.key;
  r.engine = engine_identity;
  r.position = cell.position;
  r.fen = cell.fen;
  r.depth = cell.depth;
  r.version = cell.version;
  r.flags = cell.flags;
  r.tt_entries = cell.tt_entries;
  r.tt_scheme = cell.tt_scheme;
  r.node_budget = cell.node_budget;
  return r;
}

CellSpec spec_of(const CellRecord& record) {
  CellSpec c;
  c.position = record.position;
  c.fen = record.fen;
  c.depth = record.depth;
  c.version = record.version;
  c.flags = record.flags;
  c.tt_entries = record.tt_entries;
  c.tt_scheme = record.tt_scheme;
  c.node_budget = record.node_budget;
  c.key = record.key;
  return c;
}

}  // namespace harness
