// §2.4 / Appendix A: one switch per evaluation term, its values as parameters (thesis defaults).
// Every value is in centipawns and is the signed contribution to the side that has the feature
// (bonuses positive, penalties negative), so `--set bishop_first_rank_value=-15` reads as the thesis.
// The choices made where the thesis is ambiguous are written in engine/eval.cpp and docs/evaluation.md.
#pragma once

#include "engine/param_table.h"
#include "engine/piece_values.h"

namespace buho {

struct EvalConfig {
  // --- §2.4.1 Material balance ---
  bool material = true;              // sum of piece values (kings excluded)
  int pawn_value = kThesisPieceValue[Pawn]; // cp per pawn
  int knight_value = kThesisPieceValue[Knight]; // cp per knight
  int bishop_value = kThesisPieceValue[Bishop]; // cp per bishop
  int rook_value = kThesisPieceValue[Rook]; // cp per rook
  int queen_value = kThesisPieceValue[Queen]; // cp per queen

  // --- §2.4.2 Mobility and board control ---
  bool protected_pieces = true;      // a piece (king excluded) defended by one of its own pieces
  int protected_pieces_value = 10;   // cp per protected piece
  bool attacked_squares = true;      // squares the side attacks (each square once)
  int attacked_squares_value = 5;    // cp per attacked square
  bool center = true;                // pieces standing on e4 d4 e5 d5
  int center_pawn_value = 40;        // cp per pawn on a centre square
  int center_minor_value = 20;       // cp per knight or bishop on a centre square
  int center_queen_value = 30;       // cp per queen on a centre square
  bool bishop_pair = true;           // the side has two (or more) bishops
  int bishop_pair_value = 25;        // cp, once per side
  bool bishop_first_rank = true;     // bishop still on its own first rank
  int bishop_first_rank_value = -15; // cp per such bishop
  bool rook_open_file = true;        // rook on a file with no pawn of either colour
  int rook_open_file_value = 15;     // cp per rook
  bool rook_semi_open_file = true;   // rook on a file with enemy pawns but none of its own
  int rook_semi_open_file_value = 17;// cp per rook
  bool rooks_connected_file = true;  // two own rooks on one file, nothing between them
  int rooks_connected_file_value = 40;  // cp, once per side
  bool rooks_connected_rank = true;  // two own rooks on one rank, nothing between them
  int rooks_connected_rank_value = 40;  // cp, once per side
  bool rook_seventh = true;          // rook on the side's seventh rank
  int rook_seventh_value = 20;       // cp per rook
  bool piece_square = true;          // Appendix A tables: P, N, B, R, Q and the middlegame king

  // --- §2.4.3 King safety ---
  bool castling = true;              // castling rights kept / lost
  int castling_kingside_value = 50;  // cp while the king-side right is kept
  int castling_queenside_value = 40; // cp while the queen-side right is kept
  int castling_lost_value = -60;     // cp when both rights are gone and the king has not castled
  bool king_attack_lines = true;     // enemy bishops/rooks/queens on a line through the king
  int king_attack_lines_value = -8;  // cp per such enemy piece
  bool pawn_shield = true;           // the castled king's three shield files (middlegame only)
  int shield_moved_one_value = -10;  // cp, own shield pawn one square from its start
  int shield_moved_more_value = -20; // cp, own shield pawn two or more squares from its start
  int shield_missing_value = -35;    // cp, no own pawn on the shield file
  int shield_no_enemy_pawn_value = -15;  // cp, no enemy pawn on the shield file (an attack line)
  int shield_enemy_near_value = -25; // cp, enemy pawn on the file one square from the second rank (3rd)
  int shield_enemy_far_value = -15;  // cp, enemy pawn on the file two squares from it (4th rank)
  int shield_side_file_divisor = 2;  // the f and c file penalties are divided by this (thesis: halved)
  bool uncastled_open_lines = true;  // king not castled: open files on and beside its file (middlegame)
  int uncastled_open_lines_value = -22;  // cp per open file
  bool king_endgame_table = true;    // Appendix A endgame king table, replacing the shield terms
  int endgame_threshold = 1300;      // cp: endgame when both sides' material is below this (0 = never)

  // --- §2.4.4 Pawn structure ---
  bool passed_pawns = true;          // no enemy pawn ahead on its own or an adjacent file
  int passed_pawns_value = 20;       // cp per passed pawn
  bool isolated_pawns = true;        // no own pawn on either adjacent file
  int isolated_pawns_value = -20;    // cp per isolated pawn
  bool backward_pawns = true;        // own pawns on adjacent files, all of them further advanced
  int backward_pawns_value = -8;     // cp per backward pawn
  bool doubled_pawns = true;         // more than one own pawn on a file
  int doubled_pawns_value = -10;     // cp per pawn beyond the first on a file
};

const ParamTable<EvalConfig>& eval_params();

}  // namespace buho
