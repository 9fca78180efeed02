// The first view of the end screen: the headline, a picture of the day's tower with a marker
// where each run stopped (the player's, the par's, the three opponents', the friends' once the
// day's table is opened), the verdict against the opponents with the day's category, and one
// primary action. Drawn here as SVG (no image from elsewhere); its text alternative says every
// marker, so a screen reader hears what the picture shows.

import { el } from "../shared/dialogs.js";
import { ordinal, points } from "../shared/labels.js";
import { OPPONENT_NAMES, OPPONENTS_FAILED, OPPONENTS_WAITING, patenteLine } from "./opponents_text.js";

const SVG = "http://www.w3.org/2000/svg";
// The picture's grid, in viewBox units: a row per floor and one for the top, the labels' column on the left.
const ROW = 30;
const LEFT = 64;
const WIDTH = 320;
const MARK = 11;
const SHORT = { caloiro: "C", doutor: "V", dux: "X" };

function svg(tag, attributes = {}, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

/** A runner as the picture places it: {id, short, name, floor, total, won, mine}. */
export const mineRunner = (summary) => ({ id: "eu", short: "Eu", name: "A sua corrida", floor: summary.floorReached,
  total: summary.total, won: summary.won, mine: true });
export const parRunner = (par) => ({ id: "par", short: "P", name: "O par", floor: par.floor, total: par.total, won: par.won });
export const opponentRunner = (o) => ({ id: o.level, short: SHORT[o.level], name: `O ${OPPONENT_NAMES[o.level]}`,
  floor: o.floor, total: o.total, won: o.won });
/** A friend kept in the day's table (a challenge received): the first letter of the name it brought. */
export const friendRunner = (record, index) => {
  const name = record.name ?? "Sem nome";
  return { id: `amigo-${index}`, short: [...name][0].toUpperCase(), name: `${name} (desafio)`, floor: record.them.floor,
    total: record.them.total, won: record.them.won, friend: true };
};

/** The row a runner stops on: 0 for the top (climbed it all), else 6 − its floor (the 1st floor is the bottom row). */
const rowOf = (runner, floors) => (runner.won ? 0 : floors + 1 - runner.floor);

/** Where a runner stopped, in words: «no 3.º andar, com 141 pontos», «no topo, com 494 pontos». */
export function whereText(runner) {
  return `${runner.won ? "no topo da torre" : `no ${ordinal(runner.floor)} andar`}, com ${points(runner.total)}`;
}

/** The picture's text alternative: every marker, from the top of the tower down. */
export function pictureText(runners, targets) {
  const ordered = [...runners].sort((a, b) => rowOf(a, targets.length) - rowOf(b, targets.length) || b.total - a.total);
  const floors = targets.map((target, i) => `${ordinal(i + 1)} andar, ${target}`).join("; ");
  return `A torre, com os pontos para subir cada andar (${floors}). `
    + `${ordered.map((r) => `${r.name}: ${whereText(r)}.`).join(" ")}`;
}

/** The floors, their targets and the top, drawn once; the markers go in `layer`. */
function frame(targets) {
  const rows = targets.length + 1;
  const parts = [svg("path", { class: "torre-telhado", d: `M${LEFT} ${ROW} L${(LEFT + WIDTH) / 2} 4 L${WIDTH} ${ROW} Z` }),
    svg("text", { class: "torre-rotulo", x: LEFT - 6, y: ROW / 2 + 8, "text-anchor": "end" }, ["Topo"])];
  targets.forEach((target, i) => {
    const y = (rows - 1 - i) * ROW;
    parts.push(svg("rect", { class: "torre-andar", x: LEFT, y, width: WIDTH - LEFT, height: ROW }),
      svg("text", { class: "torre-rotulo", x: LEFT - 6, y: y + 13, "text-anchor": "end" }, [`${ordinal(i + 1)}`]),
      svg("text", { class: "torre-alvo", x: LEFT - 6, y: y + 25, "text-anchor": "end" }, [String(target)]));
  });
  return parts;
}

/** One marker: a circle with the runner's letter, its points beside it. */
function marker(runner, x, y) {
  const kind = runner.mine ? "eu" : runner.friend ? "amigo" : runner.id === "par" ? "par" : "adversario";
  return svg("g", { class: `torre-marca torre-marca-${kind}`, "data-corredor": runner.id, "data-pontos": runner.total,
    transform: `translate(${x.toFixed(1)} ${y})` }, [
    svg("circle", { r: runner.mine ? MARK + 1 : MARK }),
    svg("text", { class: `torre-marca-letra${runner.short.length > 1 ? " longa" : ""}`, y: 4, "text-anchor": "middle" }, [runner.short]),
    svg("text", { class: "torre-marca-pontos", x: (runner.mine ? MARK + 1 : MARK) + 3, y: 4 }, [String(runner.total)]),
  ]);
}

/** The markers of `runners`: each on its row, a row's runners left to right by points (ties keep their order). */
function markers(runners, floors) {
  const byRow = new Map();
  for (const runner of runners) {
    const row = rowOf(runner, floors);
    byRow.set(row, [...(byRow.get(row) ?? []), runner]);
  }
  return [...byRow.entries()].flatMap(([row, group]) => {
    const ordered = group.map((r, i) => [r, i]).sort(([a, i], [b, j]) => a.total - b.total || i - j).map(([r]) => r);
    const step = (WIDTH - LEFT - MARK) / ordered.length;
    return ordered.map((runner, i) => marker(runner, LEFT + MARK + 2 + step * i, row * ROW + ROW / 2));
  });
}

// What each letter stands for: the same legend whoever has arrived, so the card never changes height.
const LEGEND = [["eu", "Eu", "a sua corrida"], ["par", "P", "o par"], ["adversario", "C", "Caloiro"], ["adversario", "V", "Veterano"],
  ["adversario", "X", "Dux"], ["amigo", "A", "desafiantes, no Quadro do dia"]];

/**
 * The tower picture for a day of `targets` (points to climb each floor), with its legend:
 * {node, show(runners)}, `show` redrawing the markers and the text alternative; its size never
 * changes, so nothing below it moves.
 */
export function towerPicture(targets) {
  const layer = svg("g", { class: "torre-marcas" });
  const picture = svg("svg", { class: "torre-figura", viewBox: `0 0 ${WIDTH + 4} ${(targets.length + 1) * ROW + 2}`,
    role: "img", id: "torre-figura" }, [...frame(targets), layer]);
  const legend = el("p", { class: "torre-legenda", "aria-hidden": "true" }, LEGEND.map(([kind, short, name]) =>
    el("span", { class: `torre-legenda-item torre-legenda-${kind}` }, [el("span", { class: "torre-legenda-letra", text: short }), ` ${name}`])));
  return {
    node: el("figure", { class: "torre-quadro" }, [picture, legend]),
    show(runners) {
      layer.replaceChildren(...markers(runners, targets.length));
      picture.setAttribute("aria-label", pictureText(runners, targets));
    },
  };
}

/** "a", "a e b", "a, b e c". */
const listed = (items) => (items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} e ${items.at(-1)}`);

/**
 * The verdict against the three opponents and the day's category in one line: «Ganhou ao Caloiro;
 * perdeu com o Veterano e o Dux. Categoria do dia: Caloiro.» (`opponents`: the worker's, weakest first.)
 */
export function verdictLine(run, opponents) {
  const name = (o) => OPPONENT_NAMES[o.level];
  const beaten = opponents.filter((o) => o.beaten);
  const tied = opponents.filter((o) => !o.beaten && o.won === run.won && o.floor === run.floorReached && o.total === run.total);
  const lost = opponents.filter((o) => !beaten.includes(o) && !tied.includes(o));
  const clauses = [
    beaten.length && `ganhou ${listed(beaten.map((o) => `ao ${name(o)}`))}`,
    tied.length && `empatou com ${listed(tied.map((o) => `o ${name(o)}`))}`,
    lost.length && `perdeu com ${listed(lost.map((o) => `o ${name(o)}`))}`,
  ].filter(Boolean).join("; ");
  return `${clauses[0].toUpperCase()}${clauses.slice(1)}. ${patenteLine(opponents)}`;
}

/** The longest verdicts the card may show (every mix of won, tied and lost, and the longest category). */
export function longestVerdicts(count = 3) {
  const run = { won: false, floorReached: 3, total: 100 };
  const outcomes = ["won", "tied", "lost"];
  const mixes = outcomes.flatMap((a) => outcomes.flatMap((b) => outcomes.map((c) => [a, b, c])));
  const texts = mixes.map((mix) => verdictLine(run, Object.keys(OPPONENT_NAMES).map((level, i) => ({ level, won: false,
    floor: mix[i] === "tied" ? 3 : 4, total: 100, beaten: mix[i] === "won" }))));
  return [...texts, OPPONENTS_WAITING, OPPONENTS_FAILED].sort((a, b) => b.length - a.length).slice(0, count);
}

/**
 * The card's verdict line: waiting, then the verdict, or why there is none. It shares its cell
 * with invisible copies of the longest forms, so its height never changes and the share button
 * below never moves under a finger.
 */
export function verdictNode() {
  const line = el("span", { class: "fim-veredicto-texto", id: "veredicto-do-dia", text: OPPONENTS_WAITING });
  const copies = longestVerdicts().map((text) => el("span", { class: "molde", "aria-hidden": "true", text }));
  return {
    node: el("p", { class: "fim-veredicto" }, [...copies, line]),
    show(run, opponents) { line.textContent = verdictLine(run, opponents); },
    fail() { line.textContent = OPPONENTS_FAILED; },
  };
}
