// The named-parameter table of EvalConfig: drives `harness flags`, JSON configs ("eval.<name>") and
// `--set name=value`. One row per field of EvalConfig, in the struct's order.
#include "engine/eval_config.h"

namespace buho {

namespace {

using P = Param<EvalConfig>;

P flag(std::string_view name, bool EvalConfig::*field, std::string_view help) {
  return P{name, help, ParamKind::Bool, field, nullptr, 0, 0};
}

// Values are signed contributions in centipawns; the range allows either sign so a term can be
// inverted or scaled in an experiment.
P value(std::string_view name, int EvalConfig::*field, std::string_view help, int min = -2000, int max = 2000) {
  return P{name, help, ParamKind::Int, nullptr, field, min, max};
}

ParamTable<EvalConfig> make_table() {
  using C = EvalConfig;
  return {
      // §2.4.1
      flag("material", &C::material, "§2.4.1 material balance: the sum of the piece values below"),
      value("pawn_value", &C::pawn_value, "§2.4.1 cp per pawn (also used for the endgame test and futility)", 0, 5000),
      value("knight_value", &C::knight_value, "§2.4.1 cp per knight", 0, 5000),
      value("bishop_value", &C::bishop_value, "§2.4.1 cp per bishop", 0, 5000),
      value("rook_value", &C::rook_value, "§2.4.1 cp per rook", 0, 5000),
      value("queen_value", &C::queen_value, "§2.4.1 cp per queen", 0, 5000),
      // §2.4.2
      flag("protected_pieces", &C::protected_pieces, "§2.4.2 pieces (king excluded) defended by an own piece"),
      value("protected_pieces_value", &C::protected_pieces_value, "§2.4.2 cp per protected piece"),
      flag("attacked_squares", &C::attacked_squares, "§2.4.2 squares the side attacks, each counted once"),
      value("attacked_squares_value", &C::attacked_squares_value, "§2.4.2 cp per attacked square"),
      flag("center", &C::center, "§2.4.2 pieces standing on e4 d4 e5 d5"),
      value("center_pawn_value", &C::center_pawn_value, "§2.4.2 cp per pawn on a centre square"),
      value("center_minor_value", &C::center_minor_value, "§2.4.2 cp per knight or bishop on a centre square"),
      value("center_queen_value", &C::center_queen_value, "§2.4.2 cp per queen on a centre square"),
      flag("bishop_pair", &C::bishop_pair, "§2.4.2 the side has two or more bishops"),
      value("bishop_pair_value", &C::bishop_pair_value, "§2.4.2 cp, once per side"),
      flag("bishop_first_rank", &C::bishop_first_rank, "§2.4.2 bishops still on their own first rank"),
      value("bishop_first_rank_value", &C::bishop_first_rank_value, "§2.4.2 cp per bishop on its first rank"),
      flag("rook_open_file", &C::rook_open_file, "§2.4.2 rooks on a file without pawns"),
      value("rook_open_file_value", &C::rook_open_file_value, "§2.4.2 cp per rook on an open file"),
      flag("rook_semi_open_file", &C::rook_semi_open_file, "§2.4.2 rooks on a file with only enemy pawns"),
      value("rook_semi_open_file_value", &C::rook_semi_open_file_value, "§2.4.2 cp per rook on a semi-open file"),
      flag("rooks_connected_file", &C::rooks_connected_file, "§2.4.2 two own rooks on a file with nothing between"),
      value("rooks_connected_file_value", &C::rooks_connected_file_value, "§2.4.2 cp, once per side"),
      flag("rooks_connected_rank", &C::rooks_connected_rank, "§2.4.2 two own rooks on a rank with nothing between"),
      value("rooks_connected_rank_value", &C::rooks_connected_rank_value, "§2.4.2 cp, once per side"),
      flag("rook_seventh", &C::rook_seventh, "§2.4.2 rooks on the side's seventh rank"),
      value("rook_seventh_value", &C::rook_seventh_value, "§2.4.2 cp per rook on the seventh rank"),
      flag("piece_square", &C::piece_square, "App. A piece-square tables: P N B R Q and the middlegame king"),
      // §2.4.3
      flag("castling", &C::castling, "§2.4.3 castling rights kept (bonus) or lost without castling (penalty)"),
      value("castling_kingside_value", &C::castling_kingside_value, "§2.4.3 cp while the king-side right is kept"),
      value("castling_queenside_value", &C::castling_queenside_value, "§2.4.3 cp while the queen-side right is kept"),
      value("castling_lost_value", &C::castling_lost_value, "§2.4.3 cp when both rights are gone and the king has not castled"),
      flag("king_attack_lines", &C::king_attack_lines, "§2.4.3 enemy bishops/rooks/queens on a line through the king, blocked or not"),
      value("king_attack_lines_value", &C::king_attack_lines_value, "§2.4.3 cp per attack line"),
      flag("pawn_shield", &C::pawn_shield, "§2.4.3 shield pawns of a castled king (f g h or a b c; f, c halved); middlegame only"),
      value("shield_moved_one_value", &C::shield_moved_one_value, "§2.4.3 cp, shield pawn moved one square"),
      value("shield_moved_more_value", &C::shield_moved_more_value, "§2.4.3 cp, shield pawn moved two or more squares"),
      value("shield_missing_value", &C::shield_missing_value, "§2.4.3 cp, no own pawn on the shield file"),
      value("shield_no_enemy_pawn_value", &C::shield_no_enemy_pawn_value, "§2.4.3 cp, no enemy pawn on the shield file"),
      value("shield_enemy_near_value", &C::shield_enemy_near_value, "§2.4.3 cp, enemy pawn on the shield file on the side's 3rd rank"),
      value("shield_enemy_far_value", &C::shield_enemy_far_value, "§2.4.3 cp, enemy pawn on the shield file on the side's 4th rank"),
      value("shield_side_file_divisor", &C::shield_side_file_divisor, "§2.4.3 f- and c-file penalties are divided by this (thesis: 2)", 1, 16),
      flag("uncastled_open_lines", &C::uncastled_open_lines, "§2.4.3 king not castled: open files on and beside its file; middlegame only"),
      value("uncastled_open_lines_value", &C::uncastled_open_lines_value, "§2.4.3 cp per open file near the uncastled king"),
      flag("king_endgame_table", &C::king_endgame_table, "§2.4.3/App. A endgame king table (replaces the middlegame king table and shield terms)"),
      value("endgame_threshold", &C::endgame_threshold, "§2.4.3 cp: endgame when both sides' material is below this (0 = never)", 0, 100000),
      // §2.4.4
      flag("passed_pawns", &C::passed_pawns, "§2.4.4 pawns with no enemy pawn ahead on their own or adjacent files"),
      value("passed_pawns_value", &C::passed_pawns_value, "§2.4.4 cp per passed pawn"),
      flag("isolated_pawns", &C::isolated_pawns, "§2.4.4 pawns with no own pawn on an adjacent file"),
      value("isolated_pawns_value", &C::isolated_pawns_value, "§2.4.4 cp per isolated pawn"),
      flag("backward_pawns", &C::backward_pawns, "§2.4.4 pawns whose adjacent-file own pawns are all further advanced"),
      value("backward_pawns_value", &C::backward_pawns_value, "§2.4.4 cp per backward pawn"),
      flag("doubled_pawns", &C::doubled_pawns, "§2.4.4 own pawns beyond the first on a file"),
      value("doubled_pawns_value", &C::doubled_pawns_value, "§2.4.4 cp per doubled pawn"),
  };
}

}  // namespace

const ParamTable<EvalConfig>& eval_params() {
  static const ParamTable<EvalConfig> table = make_table();
  return table;
}

}  // namespace buho
