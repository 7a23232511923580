#include "harness/match/published_elo_table.h"

#include "harness/paths.h"
#include "harness/report/plain_csv.h"

namespace harness {

namespace {

// "15.1 (tag sf_15.1; ...)" is version "15.1": the words before " (".
bool version_matches(const std::string& cell, const std::string& wanted) {
  if (wanted.empty()) return true;
  return cell == wanted || cell.rfind(wanted + " (", 0) == 0;
}

}  // namespace

PublishedTable read_published_table(const std::string& file) {
  const std::filesystem::path p = std::filesystem::path(file).is_absolute() ? std::filesystem::path(file) : project_path(file);
  return read_plain_csv(p, 5, "the sources' annotated Elo");
}

std::optional<double> annotated_elo(const PublishedTable& rows, const PublishedSource& s, const std::string& feature) {
  for (const auto& r : rows)
    if (r[0] == s.engine && version_matches(r[1], s.version) && r[2] == feature) {
      try {
        return std::stod(r[3]);
      } catch (const std::exception&) {
        return std::nullopt;
      }
    }
  return std::nullopt;
}

}  // namespace harness
