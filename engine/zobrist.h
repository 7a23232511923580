// §4.6 Zobrist keys: one 64-bit random number per (piece, square), castling-rights set, en-passant
// file and side to move, generated at compile time from a fixed seed so every build and every run
// hashes a position the same way.
#pragma once

#include <array>
#include <cstdint>

#include "engine/types.h"

namespace buho {

struct ZobristKeys {
  std::array<std::array<std::uint64_t, 64>, PIECE_NB> piece{};
  std::array<std::uint64_t, 16> castling{};
  std::array<std::uint64_t, 8> ep_file{};
  std::uint64_t side = 0;  // XORed in when Black is to move
};

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr ZobristKeys make_zobrist_keys() {
  ZobristKeys z{};
  std::uint64_t state = 0x42756F686F436865ULL;  // fixed seed ("BuhoChe")
  for (auto& row : z.piece)
    for (auto& k : row) k = splitmix64(state);
  for (auto& k : z.castling) k = splitmix64(state);
  for (auto& k : z.ep_file) k = splitmix64(state);
  z.side = splitmix64(state);
  z.castling[0] = 0;  // no rights: nothing to hash
  return z;
}

inline constexpr ZobristKeys kZobrist = make_zobrist_keys();

}  // namespace buho
