// The futility family of the node search (§5.3, Alg. 11): Step 6 takes the node's futility condition once, Step 6c
// ends a node whose every move would be pruned, Step 7a prunes one move. The conditions are the pure rules of
// engine/search_rules.h; this file holds what the node computes for them (its margin, material balance and
// positional part, and alpha at entry) so that search() asks one object.
#pragma once

#include "engine/board.h"
#include "engine/eval.h"
#include "engine/search_config.h"
#include "engine/search_rules.h"

namespace buho {

class Futility {
 public:
  // Step 6. §5.3 the futility condition: at depth 1 (margin 200) and 2 (razoring, 500), and only there, the node's
  // material balance is taken once (Alg. 11 line 8); Step 7a uses it per move, with the balance after a capture or
  // promotion under B2 (futility_material) and alpha at entry under A1 (futility_alpha). P2/P3
  // (futility_positional): the node's positional part joins the balance, whole or within +-margin.
  Futility(const SearchConfig& c, const Evaluator& eval, Board& board, int ply, int depth, bool in_check, Score alpha,
           Score beta)
      : cfg_(c), eval_(eval), board_(board), margin_(futility_margin(c, ply, depth, in_check, alpha, beta)),
        material_(margin_ >= 0 ? eval.material_balance(board) : 0),
        positional_(margin_ >= 0 && c.futility_positional != FutilityPositional::None
                        ? futility_positional_part(c, margin_, eval.evaluate(board) - material_)
                        : 0),
        entry_alpha_(alpha) {}

  // Step 6c. §5.3 a futile node: the balance before any move (B1) plus the margin cannot reach alpha, so Step 7a
  // would prune every move that does not give check (futility_prunes_node).
  bool prunes_node(int ply, Score alpha) const {
    return futility_prunes_node(cfg_, margin_, ply, material_ + positional_, alpha);
  }

  // Step 7a. §5.3 skip a move whose material balance plus the margin cannot reach alpha (at entry under A1, the
  // current one under A2), unless it gives check.
  bool prunes(Move m, Score alpha_now) const {
    if (margin_ < 0) return false;
    const Score bound = alpha_bound(alpha_now);
    Score balance = material_;
    if (futility_reads_material_after(cfg_, m)) {
      board_.make_move(m);
      balance = -eval_.material_balance(board_);
      board_.unmake_move(m);
    }
    balance += positional_;
    if (balance + margin_ > bound) return false;  // cheap exit before the check test
    return futility_prunes(margin_, balance, bound, board_.gives_check(m));
  }

  // The alpha a move is compared with (futility_alpha_bound): fail-soft counts a pruned move as this bound.
  Score alpha_bound(Score alpha_now) const { return futility_alpha_bound(cfg_, entry_alpha_, alpha_now); }

 private:
  const SearchConfig& cfg_;
  const Evaluator& eval_;
  Board& board_;
  const int margin_;
  const Score material_;
  const Score positional_;
  const Score entry_alpha_;
};

// Step 6c. The number of legal moves of `board` when there is at least one, none gives check and the table moves
// (when not null) are among them; else 0 (engine/futility.cpp).
int moves_all_futile(const Board& board, Move pv_move, Move tt_move);

}  // namespace buho
