// The game page's safety net: a classic script at a stable URL (/boot.js, not
// under static/<hash>/, so that a stale page whose static folder is gone still
// finds it). When the game's modules never ran (a module failed to download or
// to run, the browser is too old for modules) or a stylesheet did not load, it
// shows the #erro box of _game.html in Portuguese, whose "Tentar outra vez"
// button reloads the page. main.js marks <html data-jogo="iniciado"> when it
// runs; this script marks <html data-falha> when it takes over, and the page
// then never shows the game over the message. ES5 on purpose: it must run
// where modules do not.
// It also asks early for the files the game needs first whose names it can know
// before the game runs (issue 14): those listed on its tag (data-cedo: the constants,
// the Coimbra words) and the day's tower, whose name needs today's date. Each is a
// fetch() kept in window.torreCedo by its URL, which the game's own fetch of that URL
// takes once (ui/shared/browser.js earlyFetch), so that no request waits for the
// game's script to arrive and run. Not a <link rel=preload>: WebKit never gives one
// to a fetch(), and asked for each file twice (issue 40 item 11).
(function () {
  "use strict";
  var root = document.documentElement;
  var MESSAGES = {
    script: "O jogo não arrancou: parte do programa não chegou a este aparelho. " +
      "Verifique se o aparelho tem Internet e tente outra vez.",
    style: "A página chegou incompleta (faltam os estilos) e o jogo não pode ser mostrado. " +
      "Verifique se o aparelho tem Internet e tente outra vez.",
  };

  function show(message) {
    var box = document.getElementById("erro");
    if (!box) return;
    root.setAttribute("data-falha", "");
    document.getElementById("erro-texto").textContent = message;
    ["carregar", "partida"].forEach(function (id) {
      var element = document.getElementById(id);
      if (element) element.hidden = true;
    });
    box.hidden = false;
  }

  // A stylesheet that failed has no sheet, or (Chromium) an empty one whose rules
  // cannot even be read; ours all have rules. One the game links later (data-depois:
  // run_end.js, once a run ends) is the game's to explain, and may still be on its way.
  function hasRules(link) {
    try {
      return Boolean(link.sheet && link.sheet.cssRules.length);
    } catch (error) {
      return false;
    }
  }

  function stylesheetFailed() {
    var links = document.querySelectorAll("link[rel=stylesheet]:not([data-depois])");
    for (var i = 0; i < links.length; i++) if (!hasRules(links[i])) return true;
    return false;
  }

  // A script or stylesheet that fails to download fires `error` on its element;
  // it does not bubble, so listen while it goes down (capture).
  window.addEventListener("error", function (event) {
    var target = event.target;
    if (!target || !target.tagName) return;
    if (target.tagName === "SCRIPT" && target.type === "module") show(MESSAGES.script);
    else if (target.tagName === "LINK" && target.rel === "stylesheet" && !target.hasAttribute("data-depois")) {
      show(MESSAGES.style);
    }
  }, true);

  // Today in Lisbon as YYYY-MM-DD, by the EU summer-time rule, as the game's
  // ui/shared/lisbon_date.js works it out (a test checks that both agree; Intl would
  // cost 200 ms of a slow phone's CPU). A request the game does not take is only
  // a wasted one.
  function lisbonToday(ms) {
    var year = new Date(ms).getUTCFullYear();
    function lastSundayOneAm(month) {
      var lastDay = new Date(Date.UTC(year, month + 1, 0));
      return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
    }
    var summer = ms >= lastSundayOneAm(2) && ms < lastSundayOneAm(9);
    return new Date(ms + (summer ? 3600000 : 0)).toISOString().slice(0, 10);
  }

  // The day the page will play: today, or a past day asked for with ?dia=YYYY-MM-DD
  // (the archive). Null for a date the game will refuse (malformed or after today).
  function dayToPlay(search) {
    var today = lisbonToday(Date.now());
    var asked = /[?&]dia=([^&#]*)/.exec(search || "");
    if (!asked || asked[1] === "") return today;
    return /^\d{4}-\d{2}-\d{2}$/.test(asked[1]) && asked[1] <= today ? asked[1] : null;
  }

  // The URLs are on this script's own tag: the page may not be parsed yet. When the
  // game already runs (this script came in late) it has asked for them itself.
  function earlyUrls(script) {
    var urls = ((script && script.getAttribute("data-cedo")) || "").split(" ").filter(Boolean);
    var days = script && script.getAttribute("data-days");
    var day = dayToPlay(location.search);
    if (days && day) urls.push(days.replace(/\/?$/, "/") + day + ".json");
    return urls;
  }

  function askEarly(script) {
    if (typeof fetch !== "function" || root.getAttribute("data-jogo")) return;
    var asked = {};
    earlyUrls(script).forEach(function (url) {
      asked[url] = fetch(url);
      asked[url]["catch"](function () {}); // a failure is the game's to say, when it asks
    });
    window.torreCedo = asked;
  }
  askEarly(document.currentScript);

  // By `load` every deferred and module script has run and every stylesheet settled.
  window.addEventListener("load", function () {
    if (stylesheetFailed()) show(MESSAGES.style);
    else if (root.getAttribute("data-jogo") !== "iniciado") show(MESSAGES.script);
  });

  document.addEventListener("click", function (event) {
    if (event.target && event.target.id === "erro-repetir") location.reload();
  });
})();
