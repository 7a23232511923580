// The search's per-ply stack: one frame per ply of the current line, holding what a node at that ply keeps for
// itself and shows its parent and children (§2.3: one preallocated move list per ply, a node's moves above its
// parent's). A node at `ply` owns frame `ply`; its children own `ply + 1`. The null move's child and the verified
// re-search (engine/null_move.cpp) run before the node generates its moves, so they never overwrite a list in use.
#pragma once

#include <algorithm>
#include <cstdint>
#include <new>
#include <vector>

#include "engine/checks.h"
#include "engine/types.h"

namespace buho {

// A static evaluation that was not taken (the node was in check: Stockfish 15.1 and Ethereal keep none then, or no
// flag that reads it is on).
inline constexpr Score kNoStaticEval = -ScoreInfinite - 1;

struct PlyFrame {
  Move moves[MaxMoves];            // the node's moves, as the picker generates them
  std::int64_t scores[MaxMoves];   // their ordering keys (engine/move_picker.h)
  Move pv[MaxPly + 1];             // the principal variation from this ply (entries ply .. pv_len - 1)
  int pv_len = 0;
  // pv_ordering (reading V2, §3.4 L632 / §4.6.2 L983): whether the line from the root to this ply is the previous
  // iteration's PV's first `ply` moves.
  bool on_prev_pv = false;
  // Verified null move (Tabibi & Netanyahu 2002): true below a node that has verified a null fail-high, where null
  // fail-highs cut off at once (the paper's `verify` flag, kept per ply).
  bool verification_off = false;
  // Modern ordering and extensions (issue 50; engine/history_rules.h, engine/singular_rules.h). The move being
  // searched at this ply and the piece that makes it (null for the null move and before the first move): the
  // continuation histories and the counter move of the plies below read them. search() resets it at entry.
  Move move;
  Piece moved = NoPiece;
  // singular_ext: the hash move a singular search leaves out of this node's moves (null: none).
  Move excluded;
  // The quiet and tactical moves the node has searched so far, kept when a modern table learns from a fail high
  // (MoveOrder::update_on_cutoff).
  Move quiets_tried[MaxMoves];
  Move tacticals_tried[MaxMoves];
  // The node's static evaluation, kept only when a flag that reads it is on (needs_static_eval,
  // engine/node_pruning_rules.h): "improving" compares it with the one two plies up the line.
  Score static_eval = kNoStaticEval;
};

// Frames for plies 0 .. MaxPly + 1: a node at MaxPly ends before it searches a move, but its frame's pv_len is set
// and its parent reads the child's frame.
// A stack can be lent from engine to engine (EngineMemory, engine/search.h): its 130 frames are 736 KB, and writing
// them as new for every engine cost more than a depth-1 search and pushed the caller's data out of the caches. The
// stack therefore keeps the deepest ply a node was entered at (note_entered): a node at ply p writes only frames p
// and p + 1 (its child's), so frames past deepest + 1 are still as new, and reset_as_new rewrites only the others.
class SearchStack {
 public:
  SearchStack() : frames_(MaxPly + 2) {}
  // The frames [0, deepest entered + 1] back to a value-initialised frame's bytes, as a new stack's.
  void reset_as_new() {
    const std::size_t used = std::min(frames_.size(), std::size_t(deepest_ + 2));
    for (std::size_t i = 0; i < used; ++i) ::new (&frames_[i]) PlyFrame();
    deepest_ = 0;
  }
  // Called where every node is entered (SearchCore::enter_node): the deepest ply since the stack was new.
  void note_entered(int ply) { deepest_ = std::max(deepest_, ply); }
  // A ply within the stack (engine/checks.h: checked in a checks build, free otherwise).
  PlyFrame& operator[](int ply) {
    BUHO_ASSERT(ply >= 0 && ply < int(frames_.size()));
    return frames_[std::size_t(ply)];
  }
  const PlyFrame& operator[](int ply) const {
    BUHO_ASSERT(ply >= 0 && ply < int(frames_.size()));
    return frames_[std::size_t(ply)];
  }

 private:
  std::vector<PlyFrame> frames_;
  int deepest_ = 0;
};

}  // namespace buho
