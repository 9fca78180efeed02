// The day's three opponents for a page that shows the day's table without a run of its own
// (the challenge page, the archive): the day file and the rules fetched here, the runs played
// by the analysis worker (`client`: ui/shared/analysis_client.js), with the word list
// `version` (a challenge's, so that their replay links verify with the same list).

import { absolute, dayUrl, readUrls, runDawgUrl } from "./loader.js";

async function json(fetchFn, url) {
  const response = await fetchFn(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

/**
 * Promise of `[{level, floor, total, won, code}]` for the tower of `date`; `main`'s data-* name the
 * files (data-days, data-constants, data-dawg, data-versao, data-versoes, data-comuns); `loaded`:
 * the day and the rules when the page has them already.
 */
export async function tableOpponents(client, main, fetchFn, { date, version, loaded = null }) {
  const urls = readUrls(main);
  if (!urls.common) throw new Error("no common words' list on this page (data-comuns)");
  const [day, constants] = loaded ? [loaded.day, loaded.constants]
    : await Promise.all([json(fetchFn, dayUrl(urls, date)), json(fetchFn, urls.constants || "/constantes.json")]);
  return client.opponents({ day, constants, dawgUrl: absolute(runDawgUrl(urls, version)), commonUrl: absolute(urls.common), version });
}
