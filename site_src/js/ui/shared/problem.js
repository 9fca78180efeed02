// A failure as a player reads it (issue 32): one plain sentence that says what happened and what
// to do. What a developer needs (the field refused, the action of the log, the word list's
// version, the engine's reason, the HTTP status) stays out of that sentence: it goes to the
// console and under a closed «Detalhes» right after the sentence, where a player who reports
// the fault can copy it. Every screen that says such a failure says it through here.
// A detail is a Portuguese sentence, or a failure as thrown (an Error, with a `code` where it
// is known): the console has its own English words, «Detalhes» the Portuguese of
// problem_details.js, loaded only then (issue 42).

import { el } from "./dialogs.js";

/** {text, detail}: the plain sentence, and its detail (a sentence or a failure; null when there is none). */
export const problem = (text, detail = null) => ({ text, detail: detail || null });

/** The detail with a capital and a full stop, as «Detalhes» shows it. */
function detailSentence(detail) {
  const text = String(detail).trim();
  return text[0].toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}

// Logged before the sentence is shown: a test that sees the sentence has the log line too.
function logged({ text, detail }) {
  if (detail) console.warn(`${text} Detalhes: ${detail}`);
}

function detailsOf(detail) {
  const said = el("p");
  // A sentence as it is; a failure (an Error, or a string that holds one or an HTTP status) in problem_details.js's words.
  if (typeof detail === "string" && !/Error: |: HTTP \d/.test(detail)) said.textContent = detailSentence(detail);
  else import("./problem_details.js").then((m) => m.detailOf(detail)).catch(() => "erro interno inesperado").then((text) => { said.textContent = detailSentence(text); });
  const details = el("details", { class: "detalhes" }, [el("summary", { text: "Detalhes" }), said]);
  // Opened at the foot of a dialog or a phone's screen: the detail comes into view.
  details.addEventListener("toggle", () => { if (details.open) details.scrollIntoView({ block: "nearest" }); });
  return details;
}

/** A dialog's body for `said` ({text, detail}): the sentence, then its «Detalhes» when there is a detail. */
export function problemNodes(said) {
  logged(said);
  const sentence = el("p", { text: said.text });
  return said.detail ? [sentence, detailsOf(said.detail)] : [sentence];
}

/**
 * Says `said` ({text, detail}) in the element `line`, its «Detalhes» right after it; the «Detalhes»
 * of what the line said before go (a line that now says something else has none).
 */
export function showProblem(line, said) {
  logged(said);
  line.textContent = said.text;
  const next = line.nextElementSibling;
  if (next?.classList.contains("detalhes")) next.remove();
  if (said.detail) line.after(detailsOf(said.detail));
}
