// DIR/notes.md: what a researcher writes by hand about a results directory — above all, why a claim
// fails. The report computes every verdict itself; a note only stands beside it, marked as written by
// hand. Format: Markdown sections "## <title>"; a section whose title starts with a claim id
// ("## C9 — ...") is shown under that claim, the others at the end of the report in their order.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace harness {

inline constexpr const char* kNotesFile = "notes.md";

struct ReportNotes {
  std::map<std::string, std::string> by_claim;                 // "C9" -> text
  std::vector<std::pair<std::string, std::string>> sections;  // title, text
  bool empty() const { return by_claim.empty() && sections.empty(); }
};

ReportNotes parse_report_notes(const std::string& markdown);
// No file gives empty notes.
ReportNotes read_report_notes(const std::filesystem::path& dir);
// The sections that stand under no claim, as REPORT.md's last section "Notes (written by hand, notes.md)"; empty
// when there are none.
std::string notes_markdown(const ReportNotes& notes);

}  // namespace harness
