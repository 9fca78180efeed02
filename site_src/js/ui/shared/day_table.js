// The day's table («Quadro do dia»), pure: the player's own finished run, every verified
// challenge kept for that tower (challenge_store.js records) and the three computer opponents
// (the analysis worker's), ranked by the par's rule (engine/rank.js: ties share a place), and
// its share text. Shared by the end screen, the challenge page and the archive.

import { ranked } from "../../engine/rank.js";
import { opponentName, ordinal } from "./labels.js";
import { shownDate } from "./lisbon_date.js";
import { shownName } from "./challenge_name.js";

export const OPPONENTS_WAITING = "A calcular as corridas do Caloiro, do Veterano e do Dux…";
export const OPPONENTS_FAILED = "Não foi possível calcular as corridas do Caloiro, do Veterano e do Dux.";

/** The player's row as the share text names it (first person, as the other share texts speak). */
export const ME_SHARED = "eu";
const ME_SHOWN = "A sua corrida";
/** What follows a sender's name wherever the table says it: the run is verified, the name is only what they wrote. */
export const NOT_VERIFIED = "nome não verificado";

const resultOf = (row) => row;

/** The challenges of `date` in the order received, without a code the player's own run has (a link to oneself). */
const challengesOf = (records, date, mine) => records.filter((r) => r.date === date && r.code !== mine.code);

/**
 * The rows of the table of `date`, best first, each `{place, kind, who, name, floor, total, won, code}`:
 * `kind` "me", "challenge" or "opponent"; `who` what the row is called (a challenge's own name, when it
 * has one, is `name`, not verified; else "Desafio N" in the order received); `code` its replay code,
 * or null. `mine`: the player's finished run `{floor, total, won, code}` (code null when not known),
 * or null when the tower is not finished on this device: then nothing is shown (null), as nothing
 * of a challenger's run shows before. `opponents`: the worker's `{level, floor, total, won, code}`,
 * or null while they are not known.
 */
export function dayTable(date, mine, records, opponents) {
  if (!mine) return null;
  const rows = [{ kind: "me", who: ME_SHOWN, name: null, ...result(mine) }];
  challengesOf(records, date, mine).forEach((r, i) => {
    const name = shownName(r.name);
    rows.push({ kind: "challenge", who: name ?? `Desafio ${i + 1}`, name, ...result({ ...r.them, code: r.code }) });
  });
  for (const o of opponents ?? []) rows.push({ kind: "opponent", who: opponentName(o.level), name: null, ...result(o) });
  return ranked(rows, resultOf).map(({ place, entry }) => ({ place, ...entry }));
}

const result = ({ floor, total, won, code }) => ({ floor, total, won, code: code ?? null });

/** How many challengers a table holds. */
export const challengerCount = (rows) => rows.filter((r) => r.kind === "challenge").length;

/** "3.º andar" or "torre toda": how far a row got, as the table and its share text say it. */
export const heightText = (row) => (row.won ? "torre toda" : `${ordinal(row.floor)} andar`);

/** Who a row is in the shared line: a sender's name marked, which no name can be (it holds no
 * parentheses), so that a challenger named «eu», «Dux» or «Desafio 2» never reads as that row. */
const sharedWho = (r) => (r.kind === "me" ? ME_SHARED : r.name !== null ? `${r.who} (${NOT_VERIFIED})` : r.who);

/**
 * The table for the group chat, on one line, with no letters or words of any run: «A Torre ·
 * 30/11/2026 — 1.º Ana (nome não verificado) — 3.º andar, 201 · 2.º eu — 3.º andar, 160 · 3.º Veterano — 2.º andar, 130».
 */
export function tableShareText(date, rows) {
  const said = rows.map((r) => `${ordinal(r.place)} ${sharedWho(r)} — ${heightText(r)}, ${r.total}`);
  return `A Torre · ${shownDate(date)} — ${said.join(" · ")}`;
}
