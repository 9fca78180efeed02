// What the page says in Portuguese that depends on the run: the warning before
// a pass, what Espreitar showed, the squares' spoken names, counts in the right
// number. Pure functions of the state, tested here without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";

import { visibleFor } from "../../../site_src/js/ui/shared/announcer.js";
import { squareLabel } from "../../../site_src/js/ui/shared/board_view.js";
import { exchangeIntro } from "../../../site_src/js/ui/shared/dialogs.js";
import { climbNews, lastPlayWarning, passWarning } from "../../../site_src/js/ui/game/game_text.js";
import { counted, heldHelps, helpEffect, multipliedByText } from "../../../site_src/js/ui/shared/labels.js";
import { dayRefusal } from "../../../site_src/js/ui/game/archive_mode.js";
import { invalidWordsText, peekText } from "../../../site_src/js/ui/game/status_view.js";
import { preview } from "../../../site_src/js/engine/turn.js";
import { E, applyOk, loadConstants, loadFixtureDay, placeAll, setup, wordChecker } from "../helpers/engine-setup.mjs";

const constants = loadConstants();

test("passing with plays to spare says how many are left", () => {
  const state = setup({ hand: "SEUTAMOR", playsLeft: 3 });
  assert.equal(passWarning(state, constants), "Passar gasta uma jogada sem pontos (fica com 2 jogadas neste andar).");
  assert.equal(passWarning({ ...state, playsLeft: 2 }, constants),
    "Passar gasta uma jogada sem pontos (fica com 1 jogada neste andar).");
});

test("passing the last play warns that the run ends", () => {
  const state = setup({ hand: "SEUTAMOR", playsLeft: 1 });
  assert.equal(passWarning(state, constants), "É a última jogada deste andar: se passar, a corrida acaba aqui.");
});

test("passing the last play while holding mais uma jogada says to use it first", () => {
  const state = setup({ hand: "SEUTAMOR", playsLeft: 1, helps: ["jogada"] });
  assert.equal(passWarning(state, constants),
    "É a última jogada deste andar: se passar, a corrida acaba aqui. Ainda tem a ajuda «Mais uma jogada»: use-a antes.");
});

test("espreitar shows the next tiles, or says the bag is empty", () => {
  assert.equal(peekText(["E", "Ç", "A"]), "No saco, a seguir: E Ç A");
  assert.equal(peekText([]), "O saco está vazio.");
  assert.equal(peekText(null), "");
});

test("a square's name begins with what it shows, then where it is and what it counts for", () => {
  assert.equal(squareLabel("C2", { shown: "2P" }), "2P, C2, vazia, palavra dupla");
  assert.equal(squareLabel("D3", {}), "D3, vazia");
  assert.equal(squareLabel("D4", { face: { letter: "D", value: 2, blank: false } }), "D 2 pontos, D4");
  assert.equal(squareLabel("C4", { face: { letter: "A", value: 1, blank: false }, pending: true }),
    "A 1 ponto, C4, por confirmar");
  assert.equal(squareLabel("A1", { face: { letter: "Z", value: 0, blank: true }, pending: true, shown: "4P", cursor: "down" }),
    "Z, peça branca, 0 pontos, A1, por confirmar, palavra quádrupla, casa escolhida, para baixo");
});

test("counts and refusals are said in the number they have", () => {
  assert.equal(counted(1, "troca", "trocas"), "1 troca");
  assert.equal(counted(0, "troca", "trocas"), "0 trocas");
  assert.equal(counted(2, "peça", "peças"), "2 peças");
  assert.equal(invalidWordsText(["BC"]), "Não vale: BC");
  assert.equal(invalidWordsText(["BC", "XZ"]), "Não valem: BC, XZ");
  assert.equal(exchangeIntro(1), "Escolha as peças a devolver ao saco (resta 1 troca). Não gasta jogada.");
  assert.equal(exchangeIntro(3), "Escolha as peças a devolver ao saco (restam 3 trocas). Não gasta jogada.");
});

test("a message stays longer when it is longer or an error, and never forever", () => {
  assert.ok(visibleFor("Passou a vez.", "info") >= 3500);
  assert.ok(visibleFor("Não tem nenhum Z na mão.", "erro") > visibleFor("Não tem nenhum Z na mão.", "info"));
  assert.equal(visibleFor("x".repeat(1000), "erro"), 10000);
});

test("a refused day is named once, by the heading, and the message says when it opens", () => {
  const future = dayRefusal({ kind: "future", date: "2026-12-02" });
  assert.equal(future.heading, "A torre de 02/12/2026");
  assert.equal(future.message,
    "Esta torre ainda não abriu: cada torre abre à meia-noite de Lisboa e só entra no arquivo no dia seguinte.");
  const malformed = dayRefusal({ kind: "malformed" });
  assert.equal(malformed.heading, "Arquivo");
  assert.match(malformed.message, /^Este endereço não indica um dia válido/);
});

test("the blank's help says it stands for any letter", () => {
  assert.equal(helpEffect({ id: "branca" }), "Uma peça que faz de qualquer letra, com 0 pontos.");
});

const SHORT = { ok: true, points: 8 };
const lastPlay = (helps, extra = {}) => ({ ...setup({ hand: "SEUTAMOR", playsLeft: 1, helps }), target: 25, floorScore: 10, ...extra });

test("a short last play asks first while mais uma jogada is held", () => {
  assert.equal(lastPlayWarning(lastPlay(["jogada"]), SHORT, constants),
    "Esta jogada não chega ao alvo e é a última deste andar: se jogar, a corrida acaba aqui. Ainda tem a ajuda «Mais uma jogada»: use-a antes.");
});

test("a short last play asks about dobro only when doubling its points reaches the target", () => {
  assert.equal(lastPlayWarning(lastPlay(["dobro"]), SHORT, constants),
    "Esta jogada não chega ao alvo e é a última deste andar: se jogar, a corrida acaba aqui. Ainda tem a ajuda «Dobro»: use-a antes.");
  assert.equal(lastPlayWarning(lastPlay(["dobro"]), { ok: true, points: 7 }, constants), null, "14 misses the 15 missing");
  assert.equal(lastPlayWarning(lastPlay(["dobro"], { dobro: true }), SHORT, constants), null, "Dobro already counted");
  assert.equal(lastPlayWarning(lastPlay(["jogada", "dobro"]), SHORT, constants),
    "Esta jogada não chega ao alvo e é a última deste andar: se jogar, a corrida acaba aqui. Ainda tem as ajudas «Mais uma jogada» e «Dobro»: use uma delas antes.");
});

test("no question when the play reaches the target, is not the last, is not valid, or no help could change it", () => {
  assert.equal(lastPlayWarning(lastPlay(["jogada"]), { ok: true, points: 15 }, constants), null);
  assert.equal(lastPlayWarning(lastPlay(["jogada"], { playsLeft: 2 }), SHORT, constants), null);
  assert.equal(lastPlayWarning(lastPlay(["jogada"]), { ok: false, code: "gap" }, constants), null);
  assert.equal(lastPlayWarning(lastPlay(["branca", "espreitar"]), SHORT, constants), null);
});

test("FADO as a first play that climbs earns two Dobro helps and says why it earned each", () => {
  const day = loadFixtureDay();
  day.helps = ["dobro", "dobro", ...day.helps.slice(2)];
  const margin = constants.help_climb_margin;
  const state = setup({ day, board: [E, E, E, ".FAD...", E, E, E], hand: "OSEUTAMR", floorScore: constants.targets[0] + margin });
  const { state: next, events } = applyOk(placeAll(state, [["E4", "O"]]), { type: "play" }, wordChecker([], ["FADO"]));
  assert.equal(climbNews(next, events, constants).replace(/^FADO: \d+ pontos\. /, ""),
    "Ganhou a ajuda «Dobro» pela palavra de Coimbra "
    + `e a ajuda «Dobro» por ultrapassar o alvo em ${margin} pontos ou mais.`);
  assert.deepEqual(heldHelps(next.helps, constants).map((held) => held.label), ["Dobro ×2"]);
});

test("every list of helps names two alike once, with ×2", () => {
  assert.deepEqual(heldHelps(["jogada", "dobro", "jogada"], constants).map((held) => [held.label, held.count]),
    [["Mais uma jogada ×2", 2], ["Dobro", 1]]);
});

test("a doubled play's preview names what doubles it", () => {
  assert.equal(multipliedByText(["latada"], constants), "pela Latada");
  assert.equal(multipliedByText(["dobro"], constants), "pela ajuda «Dobro»");
  assert.equal(multipliedByText(["latada", "dobro"], constants), "pela Latada e pela ajuda «Dobro»");
  const state = setup({ board: [E, E, E, ".FAD...", E, E, E], hand: "OSEUTAMR", trunfos: ["latada"], dobro: true });
  assert.deepEqual(preview(placeAll(state, [["E4", "O"]]), wordChecker([], ["FADO"])).multipliedBy, ["latada", "dobro"]);
});

// The fresh pt-PT reader's report (Erros 1, 2, 5; Estilo 16, 26): sentences that depend on what they name.
import { HELD_AT_MIDNIGHT, heldSentence, refusedSentence } from "../../../site_src/js/ui/shared/storage_notices.js";
import { pictureText } from "../../../site_src/js/ui/game/end_card.js";
import { suggestionText } from "../../../site_src/js/ui/treino/suggestion.js";

test("a damaged value no copy could be made of is said in the gender and number of its name", () => {
  const tail = "Liberte espaço nas definições do navegador.";
  assert.equal(refusedSentence("torre.arquivo"), "O arquivo guardado neste aparelho não se consegue ler e não há lugar para uma "
    + `cópia: fica como está, e o que acabou de jogar não entra nele. ${tail}`);
  assert.match(refusedSentence("torre.treino"), /^O treino guardado .* não se consegue ler .*: fica como está, .* não entra nele\./);
  assert.match(refusedSentence("torre.corrida"), /^A corrida guardada .* não se consegue ler .*: fica como está, .* não entra nela\./);
  assert.match(refusedSentence("torre.estatisticas"), /^As estatísticas guardadas .* não se conseguem ler .*: ficam como estão, .* não entra nelas\./);
  assert.match(refusedSentence("torre.desafios"), /^Os desafios guardados .* não se conseguem ler .*: ficam como estão, .* não entra neles\./);
  assert.match(refusedSentence("torre.outra"), /^Os dados guardados neste aparelho não se conseguem ler .* não entra neles\./);
});

test("a run held by a full storage says why it did not pass to the archive", () => {
  assert.match(heldSentence("2026-12-03"), /^A corrida de 03\/12\/2026 ficou a meio e continua guardada, mas, como o armazenamento está cheio, não passou para o arquivo\. /);
  assert.equal(HELD_AT_MIDNIGHT, "Como o armazenamento está cheio, não passa para o arquivo: acabe-a aqui ou, antes de jogar a torre de hoje, "
    + "liberte espaço nas definições do navegador.");
});

test("the end picture's text says each runner in a sentence of its own", () => {
  const runners = [{ name: "A sua corrida", floor: 3, total: 141, won: false }, { name: "O par", floor: 2, total: 60, won: false },
    { name: "O Dux", floor: 5, total: 494, won: true }];
  assert.equal(pictureText(runners, [25, 50]).replace(/^A torre, com os pontos para subir cada andar \([^)]*\)\. /, ""),
    "O Dux: no topo da torre, com 494 pontos. A sua corrida: no 3.º andar, com 141 pontos. O par: no 2.º andar, com 60 pontos.");
});

test("a suggestion lists its squares with «e» and gives its points with «por»", () => {
  const play = { words: ["CASTO"], tiles: [{ square: "B3" }, { square: "C3" }, { square: "D3" }], points: 31 };
  assert.equal(suggestionText(play, "common"),
    "Sugestão (com palavras comuns): CASTO em B3, C3 e D3, por 31 pontos. As casas e as peças estão marcadas; ponha-as e jogue.");
  assert.match(suggestionText({ ...play, tiles: [{ square: "A1" }] }, "best"), /^Sugestão \(a melhor jogada\): CASTO em A1, por 31 pontos\./);
});

test("the end screen is heard once: its title's «Subiu a torre toda!» is not said again by the play that climbed", async () => {
  const { endOpening, endTitle } = await import("../../../site_src/js/ui/game/end_view.js");
  const won = endTitle({ won: true });
  assert.equal(won, "Subiu a torre toda!");
  assert.equal(endOpening("GLOBAIS: 288 pontos. Subiu a torre toda!", won), "GLOBAIS: 288 pontos.");
  assert.equal(endOpening("Passou a vez. Acabaram-se as jogadas sem chegar ao alvo.", endTitle({ won: false })),
    "Passou a vez. Acabaram-se as jogadas sem chegar ao alvo.");
});
