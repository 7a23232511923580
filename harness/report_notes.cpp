#include "harness/report_notes.h"

#include <fstream>
#include <regex>
#include <sstream>

namespace harness {

namespace {

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n"), last = s.find_last_not_of(" \t\r\n");
  return first == std::string::npos ? "" : s.substr(first, last - first + 1);
}

}  // namespace

ReportNotes parse_report_notes(const std::string& markdown) {
  ReportNotes notes;
  std::istringstream in(markdown);
  std::string line, title, text;
  bool in_section = false;
  const std::regex claim_title(R"(^(C[1-9])\b.*)");
  auto flush = [&] {
    if (!in_section) return;
    std::smatch m;
    const std::string body = trimmed(text);
    if (std::regex_match(title, m, claim_title)) notes.by_claim[m[1]] = body;
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
  std::ifstream in(dir / kNotesFile);
  if (!in) return {};
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_report_notes(ss.str());
}

}  // namespace harness
