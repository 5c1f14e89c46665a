#pragma once

#include <QString>

#include <utility>
#include <vector>

namespace fd {

// Words for what the members of a mismatched collective passed: "rank 13 passed sizes [[4103, 8, 5127]], its
// peers [[4096, 1, 5120]]". Every output (text and JSON reasons, evidence captions, the report picture, what
// the LLM reads) shows the values through here, so that they read alike everywhere.

// One member's value: its rank and the text of what it passed (sizes as Python prints them, dtypes, the op).
using MemberValue = std::pair<int, QString>;

// `text` cut to about `maxChars`: a list keeps its first elements and says how many it held in all
// ("[[4096, 1], [4096, 1], … 32 in all]"); anything else is cut with an ellipsis.
QString shortValue(const QString& text, int maxChars = 64);

// "rank 3", "ranks 3, 7", "ranks 0, 1, 2, 3, 4, 5, 6, 7 and 24 more"
QString ranksPhrase(std::vector<int> ranks);

// What the odd members passed against what their peers passed. `what` names the aspect ("sizes", "input
// dtype", ...), `verb` the act ("passed", "issued"). Members with the same value share one phrase. `peers` is
// the value of the members that agree; with `tie` (no majority) every member is among `odd` and no side is
// called the peers': "rank 0 passed sizes [[8]], rank 1 [[4]]".
QString describeDisagreement(const QString& verb, const QString& what, const std::vector<MemberValue>& odd,
                             const QString& peers, bool tie);

} // namespace fd
