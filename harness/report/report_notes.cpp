#include "harness/report/report_notes.h"

#include <cctype>
#include <sstream>

#include "harness/storage/durable_file.h"

namespace harness {

namespace {

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n"), last = s.find_last_not_of(" \t\r\n");
  return first == std::string::npos ? "" : s.substr(first, last - first + 1);
}

// "C1".."C9" when the title starts with a claim id followed by a non-alphanumeric character or the end
// ("C9 — why", "C9: ..."), else "" ("C10", "Cost" are not claims). Plain code, not std::regex: the
// regex headers raise -Wmaybe-uninitialized in GCC 12's sanitizer build.
std::string claim_id(const std::string& title) {
  if (title.size() < 2 || title[0] != 'C' || title[1] < '1' || title[1] > '9') return "";
  if (title.size() > 2 && std::isalnum(static_cast<unsigned char>(title[2]))) return "";
  return title.substr(0, 2);
}

}  // namespace

ReportNotes parse_report_notes(const std::string& markdown) {
  ReportNotes notes;
  std::istringstream in(markdown);
  std::string line, title, text;
  bool in_section = false;
  auto flush = [&] {
    if (!in_section) return;
    const std::string body = trimmed(text);
    if (const std::string id = claim_id(title); !id.empty()) notes.by_claim[id] = body;
    else notes.sections.emplace_back(title, body);
  };
  // Text before the first "## " heading (a file title, a preamble) is not part of any section.
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) {
      flush();
      title = trimmed(line.substr(3));
      text.clear();
      in_section = true;
    } else if (in_section) {
      text += line + "\n";
    }
  }
  flush();
  return notes;
}

ReportNotes read_report_notes(const std::filesystem::path& dir) {
  // Read as bytes: a FIFO or a device at the name is refused rather than waited on; a missing file is no notes.
  return parse_report_notes(read_file_bytes(dir / kNotesFile));
}

std::string notes_markdown(const ReportNotes& notes) {
  if (notes.sections.empty()) return "";
  std::string md = "## Notes (written by hand, notes.md)\n\n";
  for (const auto& [title, text] : notes.sections) md += "### " + title + "\n\n" + text + "\n\n";
  return md;
}

}  // namespace harness
