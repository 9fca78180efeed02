// The end screen's part of the analysis: asks the worker (analysis_client.js) once a
// run is over, fills in the par and adds it to the share text when it arrives, counts
// a beaten par in the statistics, and shows the "Análise da corrida" dialog. Nothing
// here is shown while a run is on, and nothing waits: a failure is a sentence.

import { parVerdict } from "./analysis_text.js";
import { analysisBody, parBlock } from "./analysis_view.js";
import { AnalysisError } from "../shared/analysis_client.js";
import { el } from "../shared/dialogs.js";
import { withPar } from "../shared/par_text.js";
import { addParBeaten } from "../shared/stats_later.js";

const isOver = (state) => state.phase === "won" || state.phase === "lost";
const verdictOf = (analysis) => parVerdict(analysis.run, analysis.par, analysis.beaten);

export class RunAnalysis {
  /**
   * `client`: an AnalysisClient; `storage`: GameStorage; `dialogs`: Dialogs; `dawgUrl` and
   * `commonUrl` (the common words' DAWG, undefined when the page has none) absolute.
   */
  constructor(client, storage, dialogs, dawgUrl, commonUrl) {
    Object.assign(this, { client, storage, dialogs, dawgUrl, commonUrl });
  }

  /**
   * The promise of the finished run's analysis. `dawgUrl`: the word list the run was played
   * with, when not the page's; `countPar`: false for an archive run, which never touches the
   * daily statistics (a beaten par is counted there once it is known); `onPar(beaten)`, when
   * the analysis arrives, records the verdict for the archive list; `version`, the run's word
   * list's, asks for the day's opponents too (their runs coded in it).
   */
  request(date, data, state, actions, { dawgUrl = this.dawgUrl, countPar = true, onPar = () => {}, version } = {}) {
    if (!isOver(state)) return Promise.reject(new AnalysisError("A análise só aparece quando a corrida acaba.", state.phase));
    const answer = this.client.analyse({ date, day: data.day, constants: data.constants, dawgUrl,
      commonUrl: this.commonUrl, actions: actions.slice(), version });
    answer.then((analysis) => {
      onPar(analysis.beaten);
      if (!analysis.beaten || !countPar) return;
      const { stats, problem } = this.storage.loadStats();
      if (!problem) this.storage.saveStats(addParBeaten(stats, date));
    }, (error) => console.error(error.detail || error));
    return answer;
  }

  /**
   * The end screen's par block; when the analysis arrives, it shows the par and the verdict,
   * and the share text shown in `body` gains the par line. The advice waits in the analysis
   * dialog: of no known length, it would move the buttons under a finger here.
   */
  endNodes(answer, body) {
    const block = parBlock();
    const shown = body.find((node) => node.id === "texto-partilha");
    shown?.classList.add("espera-par"); // keeps the par line's place: the buttons below never move
    answer.then((analysis) => {
      block.show(analysis.par, verdictOf(analysis));
      if (shown) shown.textContent = withPar(shown.textContent, analysis.par);
    }, (error) => block.fail(error.message)).finally(() => shown?.classList.remove("espera-par"));
    return [block.node];
  }

  /**
   * The analysis dialog; resolves with "fim" when the player goes back to the end screen.
   * `par: false` (practice towers, which have no par of the day) leaves the par's line out.
   */
  async show(answer, constants, { par = true } = {}) {
    const status = el("p", { class: "aviso carregar", role: "status", text: "A analisar a corrida…" });
    const buttons = [{ text: "Voltar ao resultado", value: "fim" }, { text: "Fechar", value: null, kind: "principal" }];
    const shown = this.dialogs.ask("Análise da corrida", [status], buttons, { kind: "analise", escape: "fim" }); // Escape: back, as «Voltar ao resultado»
    answer.then((analysis) => {
      if (!status.isConnected) return;
      this.dialogs.body.replaceChildren(...analysisBody(analysis, constants, par ? verdictOf(analysis) : null));
    }, (error) => {
      if (status.isConnected) status.replaceWith(el("p", { class: "aviso-erro", role: "alert", text: error.message }));
    });
    return shown;
  }
}
