// The pictures of Estatísticas: where the runs ended as columns (the latest run's marked, as a
// daily word game marks today's), a month's calendar of the days played, and the small tables
// of won–lost against the opponents and the friends. Plain data in, DOM out; each picture
// carries the same facts as text for a screen reader.

import { el } from "../shared/dialogs.js";
import { counted, ordinal } from "../shared/labels.js";
import { previousDate } from "../shared/lisbon_date.js";

const hidden = (text) => el("span", { class: "so-leitor", text });
const shownOnly = (text, props = {}) => el("span", { ...props, "aria-hidden": "true", text });

/**
 * Where the runs ended, one column per floor and one for the top: `ends` is [{label, count}], `latest`
 * the index of the latest run's column (or null). Column heights are proportional to the counts.
 */
export function endsChart(ends, latest, { id = null, noun = ["corrida", "corridas"] } = {}) {
  const most = Math.max(1, ...ends.map((e) => e.count));
  return el("ol", { class: "colunas", ...(id ? { id } : {}) }, ends.map(({ label, count }, i) => {
    const bar = el("span", { class: "coluna-barra" });
    bar.style.height = `${(count / most) * 100}%`;
    const mark = i === latest;
    return el("li", { class: mark ? "coluna ultima" : "coluna", "data-conta": String(count) }, [
      shownOnly(String(count), { class: "coluna-conta" }), el("span", { class: "coluna-pista", "aria-hidden": "true" }, [bar]),
      shownOnly(label.short, { class: "coluna-rotulo" }),
      hidden(`${label.long}: ${counted(count, ...noun)}${mark ? " (a última)" : ""}.`),
    ]);
  }));
}

/** The columns of `floors` (runs ended on each floor) with the top apart: `wins` of the last floor's climbed it. */
export function floorEnds(floors, wins) {
  const ends = floors.map((count, i) => ({ label: { short: ordinal(i + 1), long: `No ${ordinal(i + 1)} andar` }, count }));
  ends[floors.length - 1] = { ...ends[floors.length - 1], count: floors.at(-1) - wins };
  return [...ends, { label: { short: "Topo", long: "Subiu a torre toda" }, count: wins }];
}

/** The column of a result {floor, won} among floorEnds's, or null. */
export const endIndex = (result, floors) => (result ? (result.won ? floors : result.floor - 1) : null);

const MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
  "novembro", "dezembro"];
const WEEKDAYS = [["S", "segunda"], ["T", "terça"], ["Q", "quarta"], ["Q", "quinta"], ["S", "sexta"], ["S", "sábado"], ["D", "domingo"]];

/** "dezembro de 2026" for "2026-12". */
export const monthName = (month) => `${MONTHS[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;

/** The month before or after "YYYY-MM". */
export function shiftMonth(month, by) {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The days of "YYYY-MM" as dates, and the weekday of the first (0 for Monday), by the calendar alone. */
function monthDays(month) {
  const [y, m] = month.split("-").map(Number);
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const first = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  return { first, dates: Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`) };
}

/**
 * What the calendar marks on each day: `played` {date: {won, beatPar?}} (the days whose tower this
 * device finished), the streak's days (`streak` days ending on `streakEnd`), and `today`: every
 * day from the first played to yesterday that was not played is missed.
 */
export function dayMarks(played, streak, streakEnd, today) {
  const first = Object.keys(played).sort()[0] ?? null;
  const inStreak = new Set();
  for (let day = streakEnd, n = 0; day && n < streak; day = previousDate(day), n += 1) inStreak.add(day);
  return (date) => {
    const result = played[date];
    const kinds = [];
    if (result) kinds.push(result.won ? "subiu" : "jogou");
    if (result?.beatPar) kinds.push("par");
    if (!result && first !== null && date > first && date < today) kinds.push("falhou");
    if (inStreak.has(date)) kinds.push("seguido");
    if (date === today) kinds.push("hoje");
    if (date > today) kinds.push("futuro");
    return kinds;
  };
}

const SAID = { subiu: "subiu a torre toda", jogou: "jogou", par: "bateu o par", falhou: "não jogou", seguido: "nos dias seguidos",
  hoje: "hoje" };

/** One month's table: a row per week, Monday first, each day's marks as classes and said in words. */
function monthTable(month, marks) {
  const { first, dates } = monthDays(month);
  const cells = [...Array(first).fill(null), ...dates];
  const weeks = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  const rows = weeks.map((week) => el("tr", {}, Array.from({ length: 7 }, (_, i) => {
    const date = week[i] ?? null;
    if (!date) return el("td", { class: "vazio" });
    const kinds = marks(date);
    const day = Number(date.slice(8));
    const words = kinds.filter((k) => SAID[k]).map((k) => SAID[k]);
    return el("td", { class: kinds.join(" "), "data-dia": date }, [shownOnly(String(day)),
      hidden(`${day} de ${MONTHS[Number(month.slice(5, 7)) - 1]}${words.length ? `: ${words.join(", ")}` : ""}`)]);
  })));
  return el("table", { class: "calendario" }, [
    el("caption", { text: monthName(month) }),
    el("thead", {}, [el("tr", {}, WEEKDAYS.map(([short, long]) => el("th", { scope: "col", abbr: long, text: short })))]),
    el("tbody", {}, rows),
  ]);
}

/**
 * The calendar of `today`'s month, with buttons to the months before (back to `firstMonth`) and
 * back; `marks` (dayMarks) says what each day shows. Its legend says what the marks mean.
 */
export function calendar(marks, today, firstMonth) {
  const current = today.slice(0, 7);
  let month = current;
  const holder = el("div", { class: "calendario-mes", "aria-live": "polite" });
  const before = el("button", { type: "button", class: "calendario-antes", text: "‹", "aria-label": "Mês anterior" });
  const after = el("button", { type: "button", class: "calendario-depois", text: "›", "aria-label": "Mês seguinte" });
  const show = () => {
    holder.replaceChildren(monthTable(month, marks));
    before.disabled = month <= firstMonth;
    after.disabled = month >= current;
  };
  before.addEventListener("click", () => { month = shiftMonth(month, -1); show(); });
  after.addEventListener("click", () => { month = shiftMonth(month, 1); show(); });
  show();
  const key = [["subiu", "subiu a torre toda"], ["jogou", "jogou"], ["par", "bateu o par"], ["falhou", "não jogou"],
    ["seguido", "dias seguidos"]];
  const legend = el("p", { class: "calendario-legenda", "aria-hidden": "true" }, key.map(([kind, text]) =>
    el("span", {}, [el("span", { class: `calendario-amostra ${kind}` }), ` ${text}`])));
  return el("div", { class: "calendario-caixa", id: "calendario" }, [
    el("div", { class: "calendario-navegar" }, [before, holder, after]), legend]);
}

/** "2–1" (and the ties, when any), said in words for a screen reader. */
function wonLost({ won, lost, tied }) {
  const shown = `${won}–${lost}${tied ? ` (${counted(tied, "empatado", "empatados")})` : ""}`;
  const said = [counted(won, "ganho", "ganhos"), counted(lost, "perdido", "perdidos"), ...(tied ? [counted(tied, "empatado", "empatados")] : [])];
  return [shownOnly(shown), hidden(said.join(", "))];
}

/**
 * A small table of won–lost: a row per name ([{name, month, all}], figures {won, lost, tied}), this
 * month and since the first day.
 */
export function scoreTable(rows, { id, who, caption }) {
  return el("table", { class: "placar", id }, [
    el("caption", { text: caption }),
    el("thead", {}, [el("tr", {}, [el("th", { scope: "col", text: who }), el("th", { scope: "col", text: "Este mês" }),
      el("th", { scope: "col", text: "Desde o início" })])]),
    el("tbody", {}, rows.map(({ name, month, all }) => el("tr", {}, [el("th", { scope: "row", class: "quadro-nome", text: name }),
      el("td", {}, wonLost(month)), el("td", {}, wonLost(all))]))),
  ]);
}
