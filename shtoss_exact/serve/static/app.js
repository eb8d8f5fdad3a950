// The casekeeper page. It keeps the cards clicked or typed and the recorded bets, and
// shows what /api/case answers: every number comes from the server, exactly. Each change
// asks once (bet-kind=all: every bet kind at once); the whole position is in the URL, and
// a new deal (another game, another deck) is a new entry of the browser's history.
// Every label is spoken in the page's language (<html lang>), from the words the server
// wrote into the page (#words: the catalog's messages, their plural forms, and the plural
// rule as a table); the choice of language is kept in the URL (lang=) and in localStorage.
"use strict";

const RANKS_52 = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const RANKS = { 52: RANKS_52, 36: RANKS_52.slice(4), 32: RANKS_52.slice(5) };
const SUITS = [["s", "♠", "spades"], ["h", "♥", "hearts"], ["d", "♦", "diamonds"],
               ["c", "♣", "clubs"]];
const SODA_GAMES = ["faro", "stuss"];   // the first card is burnt: the soda
const FARO_BETS = ["faro", "stuss"];    // coppering and high card
const $ = (id) => document.getElementById(id);

const state = { game: "faro", scheme: "classic", deck: "52", cards: [], bets: [], lang: null };
let answer = null;   // the last record, with bet_kinds
let dealNumber = 0;  // a new deal makes answers still on their way stale
let numbers = "exact";

// --- the page's language -----------------------------------------------------------------

const WORDS = JSON.parse(document.getElementById("words").textContent);
const CHOSEN = "shtoss-exact-lang";   // localStorage: the language last chosen

// A message of the catalog in the page's language, its {names} filled from ``values``.
function t(message, values = {}) {
  const text = WORDS.messages[message] || message;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// The form of a message about ``count`` things, by the catalog's plural rule: its forms'
// index for 0..199, and past that by count % 100 (the rules read n through n % 10, n % 100).
function n_(singular, plural, count) {
  const rule = WORDS.plural;
  const index = rule[count < rule.length ? count : (count % 100) + 100];
  const forms = WORDS.plurals[singular] || [singular, plural];
  return t(forms[Math.min(index, forms.length - 1)], { count });
}

// The language asked for: the URL's lang=, else the one chosen before on this browser;
// null leaves it to the server (the browser's Accept-Language).
function askedLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (WORDS.languages.includes(asked)) return asked;
  let kept = null;
  try { kept = localStorage.getItem(CHOSEN); } catch (error) { kept = null; }
  return WORDS.languages.includes(kept) ? kept : null;
}

// The page again in ``lang`` (the position kept: it is all in the URL).
function speak(lang) {
  try { localStorage.setItem(CHOSEN, lang); } catch (error) { /* not kept: the URL has it */ }
  state.lang = lang;
  location.replace(query());
}

// --- one card, read as the library's card parser reads it --------------------------------
// A rank then a suit (the last character): 7h, 10D, QS, A♠, and in Russian 7ч, Дп, Тб
// (валет, дама, король, туз: В Д К Т; пики, трефы, черви, бубны: п т ч б, к for трефы);
// Latin T is the ten. The server reads every card again: this is for refusing at once.

const RANK_ALIASES = { "В": "J", "Д": "Q", "К": "K", "Т": "A", T: "10" };
const SUIT_ALIASES = {
  s: "s", "♠": "s", "♤": "s", "п": "s",
  c: "c", "♣": "c", "♧": "c", "т": "c", "к": "c",
  h: "h", "♥": "h", "♡": "h", "ч": "h",
  d: "d", "♦": "d", "♢": "d", "б": "d",
};

// A typed text as the library's messages quote it: Python's repr, cut to 40 characters.
function quoted(text) {
  const cut = Array.from(text).slice(0, 40).join("").replace(/\\/g, "\\\\");
  const repr = cut.includes("'") && !cut.includes('"') ? `"${cut}"`
    : `'${cut.replace(/'/g, "\\'")}'`;
  return Array.from(repr).slice(0, 40).join("");
}

// The card's code as the grid writes it ("10h"), or throws the refusal's reason.
function readCard(token) {
  const raw = Array.from(Array.from(token.trim()).slice(0, 8).join("").normalize("NFC"));
  const text = quoted(token);
  if (raw.length < 2 || raw.length > 3) {
    const form = t("write a rank then a suit, e.g. 7h, 10D, QS, A♠, Дп");
    throw new Error(t("unknown card {text}: {form}", { text, form }));
  }
  const rankPart = raw.slice(0, -1).join(""), suitPart = raw[raw.length - 1];
  let rank = rankPart.trim().toUpperCase();
  rank = RANK_ALIASES[rank] || rank;
  if (!RANKS_52.includes(rank)) {
    const error = t("unknown rank {text}: allowed ranks are {allowed}",
                    { text: quoted(rankPart), allowed: t("2..10, J, Q, K, A (or В, Д, К, Т)") });
    throw new Error(t("unknown card {text}: {error}", { text, error }));
  }
  const suit = SUIT_ALIASES[suitPart.toLowerCase()];
  if (!suit) {
    const allowed = t("s/c/h/d, ♠/♣/♥/♦, п/т/ч/б or spades/clubs/hearts/diamonds");
    const error = t("unknown suit {text}: allowed suits are {allowed}",
                    { text: quoted(suitPart), allowed });
    throw new Error(t("unknown card {text}: {error}", { text, error }));
  }
  return rank + suit;
}

// Could more typing still make ``token`` a card? ("1" of "10h", "10" of "10d")
function mayGrow(token) {
  const t = token.trim().toUpperCase();
  return t.length < 2 || t === "10";
}

// The typed cards read against the deal so far: { cards } or { error }.
function readTyped(tokens, dealt) {
  const ranks = RANKS[state.deck];
  const cards = [];
  for (const token of tokens) {
    let code;
    try { code = readCard(token); } catch (error) { return { error: error.message }; }
    if (!ranks.includes(code.slice(0, -1))) {
      return { error: t("card {card} is not in the {deck}-card deck: allowed ranks {ranks}..A",
                        { card: pretty(code), deck: state.deck, ranks: ranks[0] }) };
    }
    const all = dealt.concat(cards);
    if (all.includes(code)) {
      const seen = { card: pretty(code), where: all.indexOf(code) + 1, place: all.length + 1 };
      return { error: t("card {card} is seen twice (cards {where} and {place}): a deck holds each card once", seen) };
    }
    cards.push(code);
  }
  return { cards };
}

function tokensOf(text) { return text.split(/[\s,;]+/).filter(Boolean); }

function pretty(code) {   // "3c" -> "3♣"
  return code.slice(0, -1) + SUITS.find(([letter]) => letter === code.slice(-1))[1];
}

// --- the state, in the URL --------------------------------------------------------------

function readUrl() {
  const q = new URLSearchParams(location.search);
  state.game = q.get("game") || "faro";
  state.scheme = q.get("scheme") || "classic";
  state.deck = RANKS[q.get("deck")] ? q.get("deck") : "52";
  const read = readTyped(tokensOf(q.get("seen") || ""), []);
  state.cards = read.cards || [];
  showTypedError(read.error ? t("the link's cards: {error}", { error: read.error }) : null);
  state.bets = tokensOf(q.get("bets") || "");
  state.lang = WORDS.languages.includes(q.get("lang")) ? q.get("lang") : state.lang;
}

function query() {
  const q = new URLSearchParams({ game: state.game, deck: state.deck });
  if (state.game === "two-deck") q.set("scheme", state.scheme);
  if (state.cards.length) q.set("seen", state.cards.join(" "));
  if (state.bets.length) q.set("bets", state.bets.join(","));
  if (state.lang) q.set("lang", state.lang);
  return "?" + q.toString();
}

function writeUrl() {
  if (location.search !== query()) history.replaceState(null, "", query());
}

// --- asking the server ------------------------------------------------------------------

// The cards that make whole turns; the rest is the half turn held on the page. The whole
// deck seen is the deal over (in Faro and Stuss the last card is the hock).
function withLang(lang) {   // this URL's query with lang= set
  const q = new URLSearchParams(location.search);
  q.set("lang", lang);
  return q.toString();
}

function wholeTurns(cards) {
  const n = cards.length;
  if (n === Number(state.deck)) return n;
  if (SODA_GAMES.includes(state.game)) return n === 0 || n % 2 === 1 ? n : n - 1;
  return n - (n % 2);
}

function turnsOf(whole) {
  return Math.floor(SODA_GAMES.includes(state.game) ? Math.max(0, (whole - 1) / 2) : whole / 2);
}

function dealOver() { return state.cards.length === Number(state.deck); }

async function ask() {
  const q = new URLSearchParams({ game: state.game, deck: state.deck, "bet-kind": "all" });
  if (state.game === "two-deck") q.set("scheme", state.scheme);
  const seen = state.cards.slice(0, wholeTurns(state.cards)).join(" ");
  q.set("seen", dealOver() ? seen + " |" : seen);   // "|": the deal is over, checked whole
  if (state.bets.length) q.set("bets", state.bets.join(","));
  q.set("lang", WORDS.lang);   // the error lines in the page's language
  const response = await fetch("/api/case?" + q.toString());
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

// Ask once for every bet kind of the position; on a refusal, undo the change and say why.
// Changes are answered one after the other, each from the state as it then is.
let queue = Promise.resolve();
let pending = 0;

function refresh(undoChange) {
  pending += 1;
  document.body.dataset.busy = "1";   // "0" once every change is answered and shown
  writeUrl();
  render();
  queue = queue.then(() => update(undoChange));
}

async function update(undoChange) {
  const deal = dealNumber;
  try {
    const record = await ask();
    if (deal === dealNumber) {
      answer = record;
      showError(null);
    }
  } catch (error) {
    if (deal === dealNumber) {
      if (undoChange) undoChange();
      showError(error.message);
      if (!undoChange) answer = null;
    }
  }
  writeUrl();
  render();
  pending -= 1;
  if (pending === 0) document.body.dataset.busy = "0";
}

function showError(message) {
  $("error").hidden = !message;
  const prefix = `shtoss-exact: ${t("error")}: `;
  $("error").textContent = message && message.startsWith(prefix) ? message.slice(prefix.length)
    : message || "";
}

function showTypedError(message) {
  $("typed-error").textContent = message || "";
  $("typed").setAttribute("aria-invalid", message ? "true" : "false");
}

// --- what the user does -----------------------------------------------------------------

function dealCards(codes) {
  const before = state.cards.length;
  state.cards.push(...codes);
  refresh(() => { state.cards.length = before; });
}

// A new deal: the one before stays an entry of the browser's history, with its bets.
function newDeal() {
  state.cards = [];
  state.bets = [];
  dealNumber += 1;
  answer = null;
  history.pushState(null, "", query());
  buildGrid();
  refresh();
}

// Checked as typed: the first bad card is refused at once, with its reason.
function checkTyping() {
  const text = $("typed").value;
  const tokens = tokensOf(text);
  const complete = /[\s,;]$/.test(text) ? tokens : tokens.slice(0, -1);
  const last = tokens.length > complete.length ? tokens[tokens.length - 1] : null;
  let read = readTyped(complete, state.cards);
  if (!read.error && last !== null && !mayGrow(last)) read = readTyped(tokens, state.cards);
  showTypedError(read.error || null);
}

function setup() {
  const asked = askedLanguage();
  const inUrl = new URLSearchParams(location.search).get("lang");
  if (asked && asked !== WORDS.lang && inUrl !== asked) {   // chosen before: ask in it
    state.lang = asked;
    location.replace(location.pathname + "?" + withLang(asked));
    return;
  }
  state.lang = asked;
  $("lang").value = WORDS.lang;
  $("lang").addEventListener("change", () => speak($("lang").value));
  readUrl();
  history.replaceState(null, "", query());
  buildGrid();
  $("game").addEventListener("change", () => { state.game = $("game").value; newDeal(); });
  $("deck").addEventListener("change", () => { state.deck = $("deck").value; newDeal(); });
  $("scheme").addEventListener("change", () => { state.scheme = $("scheme").value; newDeal(); });
  $("new-deal").addEventListener("click", newDeal);
  $("undo").addEventListener("click", () => {
    if (!state.cards.length) return;
    state.cards.pop();
    const turns = turnsOf(wholeTurns(state.cards));   // a bet placed later goes too
    state.bets = state.bets.filter((bet) => Number(bet.split("@")[1] || 0) <= turns);
    refresh();
  });
  $("typed").addEventListener("input", checkTyping);
  $("typing").addEventListener("submit", (event) => {
    event.preventDefault();
    const read = readTyped(tokensOf($("typed").value), state.cards);
    if (read.error) { showTypedError(read.error); return; }   // never held, never in the URL
    showTypedError(null);
    $("typed").value = "";
    if (read.cards.length) dealCards(read.cards);
  });
  $("bet-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!answer) return;
    const rank = $("bet-rank").value, kind = $("bet-kind").value;
    const stake = $("bet-stake").value.trim() || "1";
    const at = answer.turns_dealt;
    const text = kind === "high-card" ? `high-card:${stake}@${at}` : `${rank}:${kind}:${stake}@${at}`;
    state.bets.push(text);
    refresh(() => { state.bets.pop(); });
  });
  for (const radio of document.querySelectorAll('input[name="numbers"]')) {
    radio.addEventListener("change", () => { numbers = radio.value; render(); });
  }
  window.addEventListener("popstate", () => {   // Back, Forward: that entry's deal
    const deck = state.deck;
    readUrl();
    dealNumber += 1;
    answer = null;
    if (deck !== state.deck) buildGrid();
    refresh();
  });
  fetch("/api/schemes").then((r) => r.json()).then((record) => {
    for (const scheme of record.schemes) {
      $("scheme").append(new Option(scheme.scheme, scheme.scheme));
    }
    $("scheme").value = state.scheme;
  });
  refresh();
}

// --- the grid: one Tab stop, the arrow keys between cards --------------------------------

let focusIndex = 0;

function buildGrid() {
  const grid = $("grid");
  const ranks = RANKS[state.deck];
  grid.replaceChildren();
  grid.dataset.columns = String(ranks.length);
  const ofSuit = {   // "J♠ jack of spades": the name read begins with what the card shows
    s: (rank) => t("{rank} of spades", { rank }), h: (rank) => t("{rank} of hearts", { rank }),
    d: (rank) => t("{rank} of diamonds", { rank }), c: (rank) => t("{rank} of clubs", { rank }),
  };
  const named = { J: t("jack"), Q: t("queen"), K: t("king"), A: t("ace") };
  SUITS.forEach(([letter, symbol]) => {
    for (const rank of ranks) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "card " + (letter === "h" || letter === "d" ? "red" : "black");
      button.textContent = rank + symbol;
      button.dataset.card = rank + letter;
      button.setAttribute("aria-label", `${rank}${symbol} ${ofSuit[letter](named[rank] || rank)}`);
      button.tabIndex = -1;
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-disabled") === "true") return;
        showTypedError(null);
        dealCards([rank + letter]);
      });
      grid.append(button);
    }
  });
  focusIndex = Math.min(focusIndex, grid.children.length - 1);
  grid.children[focusIndex].tabIndex = 0;
  grid.onkeydown = gridKey;
  grid.onfocusin = (event) => {
    const index = [...grid.children].indexOf(event.target);
    if (index >= 0) rove(index, false);
  };
}

function rove(index, focus) {
  const buttons = $("grid").children;
  buttons[focusIndex].tabIndex = -1;
  focusIndex = index;
  buttons[index].tabIndex = 0;
  if (focus) buttons[index].focus();
}

function gridKey(event) {
  const buttons = $("grid").children, width = RANKS[state.deck].length;
  const count = buttons.length, at = focusIndex;
  const moves = {
    ArrowRight: (at + 1) % count, ArrowLeft: (at - 1 + count) % count,
    ArrowDown: (at + width) % count, ArrowUp: (at - width + count) % count,
    Home: at - (at % width), End: at - (at % width) + width - 1,
  };
  if (!(event.key in moves)) return;
  event.preventDefault();
  rove(moves[event.key], true);
}

function markGrid() {
  const seen = new Set(state.cards);
  for (const button of $("grid").children) {
    button.setAttribute("aria-disabled", seen.has(button.dataset.card) ? "true" : "false");
  }
}

// --- showing the answers ----------------------------------------------------------------

function percent(fraction) {   // "-25/833" -> "-3.001%": rendering only
  const [num, den] = fraction.split("/").map(Number);
  return (100 * num / (den || 1)).toFixed(3) + "%";
}

function shown(fraction) {   // the number as the toggle asks: exact, percent or both
  if (numbers === "percent") return percent(fraction);
  if (numbers === "both") return `${fraction} (${percent(fraction)})`;
  return fraction;
}

function cell(row, text, className) {   // a header cell in the table's head
  const head = row.parentElement && row.parentElement.tagName === "THEAD";
  const td = document.createElement(head ? "th" : "td");
  td.textContent = text;
  if (className) td.className = className;
  row.append(td);
  return td;
}

function render() {
  $("game").value = state.game;
  $("deck").value = state.deck;
  $("scheme-label").hidden = state.game !== "two-deck";
  markGrid();
  const whole = wholeTurns(state.cards);
  const held = state.cards.slice(whole);
  $("half-turn").hidden = held.length === 0;
  $("half-turn").textContent = held.length
    ? t("Half a turn: {cards} lost — the winner is still to fall",
        { cards: held.map(pretty).join(" ") }) : "";
  renderTurns(state.cards.slice(0, whole));
  if (!answer) return;
  $("state").textContent = describe(answer);
  renderOdds();
  renderAudit(answer.audit);
  renderLedger(answer);
}

// The state in one line, as the case command's title says it.
function describe(r) {
  const names = { faro: t("Faro"), stuss: t("Stuss"), pharaon: t("Pharaon"),
                  bassette: t("Bassette"), "two-deck": t("Stoss ({scheme})", { scheme: r.scheme }) };
  const where = SODA_GAMES.includes(r.game) && r.cards_left === r.deck ? t("before the soda")
    : n_("after {count} turn", "after {count} turns", r.turns_dealt);
  const soda = r.soda ? t(", soda {card}", { card: r.soda }) : "";
  return `${names[r.game]}, ${where}${soda}: ` +
         `${n_("{count} card left", "{count} cards left", r.cards_left)}, ` +
         `${n_("{count} turn to deal", "{count} turns to deal", r.turns_left)}`;
}

function renderTurns(cards) {
  const list = $("turns");
  list.replaceChildren();
  let rest = cards;
  if (SODA_GAMES.includes(state.game) && cards.length) {
    const item = document.createElement("li");
    item.className = "soda";
    item.textContent = t("soda {card}", { card: pretty(cards[0]) });
    list.append(item);
    rest = cards.slice(1);
  }
  for (let i = 0; i + 1 < rest.length; i += 2) {
    const item = document.createElement("li");
    const number = document.createElement("span");
    number.className = "n";
    number.textContent = `${i / 2 + 1}.`;
    item.append(number, t("{loser} loses, {winner} wins",
                          { loser: pretty(rest[i]), winner: pretty(rest[i + 1]) }));
    list.append(item);
  }
  if (rest.length % 2 === 1) {   // the whole deck seen: the hock
    const item = document.createElement("li");
    item.className = "soda";
    item.textContent = t("hock {card}", { card: pretty(rest[rest.length - 1]) });
    list.append(item);
  }
}

const GROUPS = [   // each bet kind's key, its columns
  ["stay", ["win", "lose", "split", "dead", "ev"]],
  ["one-turn", ["win", "lose", "split", "ev"]],
  ["coppered", ["win", "lose", "split", "ev"]],
];

function groupTitle(key) {
  return { stay: t("Stay until decided"), "one-turn": t("Next turn only"),
           coppered: t("Coppered (to lose)") }[key];
}

function columnWord(column) {   // the record's key, as the case command's tables say it
  return { win: t("win"), lose: t("lose"), split: t("split"), dead: t("dead"), ev: t("ev") }[column];
}

function evBar(ev, largest) {   // a bar as long as |ev| against the largest |ev| shown
  const [num, den] = ev.split("/").map(Number);
  const size = largest ? Math.round(20 * Math.abs(num / (den || 1)) / largest) : 0;
  const bar = document.createElement("span");
  bar.className = `bar w${size} ${num < 0 ? "minus" : "plus"}`;
  bar.setAttribute("aria-hidden", "true");
  return bar;
}

function renderOdds() {
  const table = $("odds-table");
  const head = table.tHead, body = table.tBodies[0];
  head.replaceChildren();
  body.replaceChildren();
  const kinds = answer.bet_kinds || {};
  const groups = GROUPS.filter(([key]) => kinds[key]);
  const top = document.createElement("tr"), sub = document.createElement("tr");
  head.append(top, sub);
  const corner = cell(top, t("bet"), "rank");
  corner.colSpan = 2;
  corner.scope = "col";
  cell(sub, t("rank"), "rank").scope = "col";
  cell(sub, t("left")).scope = "col";
  for (const [key, columns] of groups) {
    const th = cell(top, groupTitle(key), "group");
    th.colSpan = columns.length;
    th.scope = "colgroup";
    for (const column of columns) {
      cell(sub, columnWord(column), column === "ev" ? "ev" : "").scope = "col";
    }
  }
  const evs = groups.flatMap(([key]) => kinds[key].map((row) => row.ev));
  const largest = Math.max(0, ...evs.map((ev) => {
    const [num, den] = ev.split("/").map(Number);
    return Math.abs(num / (den || 1));
  }));
  const best = answer.best_bet;
  for (const bet of kinds.stay || []) {
    const tr = document.createElement("tr");
    tr.dataset.rank = bet.rank;
    const th = document.createElement("th");
    th.scope = "row";
    th.className = "rank";
    th.textContent = bet.rank;
    tr.append(th);
    cell(tr, String(bet.copies_left), "left");
    for (const [key, columns] of groups) {
      const row = kinds[key].find((r) => r.rank === bet.rank);
      for (const column of columns) {
        const td = cell(tr, "", column === "ev" ? "ev" : "");
        if (column === "ev" && row) {
          td.append(evBar(row.ev, largest), shown(row.ev));
          td.title = t("edge {edge} = {percent} of the stake",
                       { edge: row.edge, percent: percent(row.edge) });
          td.dataset.kind = key;
          if (best && best.rank === bet.rank && best.side === row.side && best.kind === row.kind) {
            td.classList.add("best");
          }
        } else if (row) {
          td.textContent = shown(row[column]);
        }
      }
    }
    body.append(tr);
  }
  $("best").textContent = best
    ? t("Best bet now: {rank}, {side}, {kind} — ev {ev}", { rank: best.rank || t("high card"),
        side: best.side, kind: best.kind, ev: shown(best.ev) })
    : t("No bet is left: the deal is over.");
  const high = answer.high_card;
  $("high-card").textContent = high
    ? t("High card on the next turn: win {win}, lose {lose}, split (a push) {split}, ev {ev}",
        { win: shown(high.win), lose: shown(high.lose), split: shown(high.split), ev: shown(high.ev) })
    : "";
  $("high-card").classList.toggle("best", Boolean(best && best.kind === "high-card"));
  const call = answer.call_the_turn;
  $("call").hidden = !call;
  $("call").textContent = call
    ? (call.p_right === null ? t("Calling the turn: three of a kind, one order only: no bet") + "."
      : t("Calling the turn ({kind}): right {right}, pays {payout}; ev {ev_for} paid for, {ev_to} paid to",
          { kind: call.kind, right: shown(call.p_right), payout: call.payout,
            ev_for: shown(call.ev_for), ev_to: shown(call.ev_to) })) : "";
}

// The live audit of the deal, when the record has one: splits so far and the p-value,
// and at the deal's end its verdict (the deal is checked whole: each card seen once).
function renderAudit(audit) {
  $("audit").hidden = !audit;
  if (!audit) { $("audit").textContent = ""; return; }
  const splits = n_("{count} split", "{count} splits", audit.splits);
  $("audit").textContent = t("Deal check: {splits} so far, p-value {p_value}",
                             { splits, p_value: shown(audit.p_value) }) +
    (audit.complete ? t(" — the deal is whole: each card seen once")
      : t(" (the verdict at the deal's end)"));
}

function renderLedger(record) {
  const rank = $("bet-rank"), kind = $("bet-kind");
  const keepRank = rank.value, keepKind = kind.value;
  const live = (record.bet_kinds && record.bet_kinds.stay) || record.ranks;
  rank.replaceChildren(...live.map((r) => new Option(r.rank, r.rank)));
  const kinds = FARO_BETS.includes(state.game)
    ? ["stay", "one-turn", "coppered", "high-card"] : ["stay", "one-turn"];
  kind.replaceChildren(...kinds.map((k) => new Option(k, k)));   // the notation's words
  if ([...rank.options].some((o) => o.value === keepRank)) rank.value = keepRank;
  if (kinds.includes(keepKind)) kind.value = keepKind;
  const body = $("ledger").tBodies[0];
  body.replaceChildren();
  const ledger = record.ledger;
  $("ledger-box").hidden = !ledger;
  $("take").textContent = ledger
    ? t("The banker's take so far: {take}; stakes still open: {stakes}",
        { take: ledger.banker_take, stakes: ledger.open_stakes })
    : t("No bet recorded: pick a rank, a kind and a stake.");
  for (const bet of ledger ? ledger.recorded_bets : []) {
    const tr = document.createElement("tr");
    tr.className = bet.status;
    for (const key of ["notation", "placed_after", "stake", "ev", "status", "settled_at", "result"]) {
      cell(tr, bet[key] === null ? "" : String(bet[key]));
    }
    body.append(tr);
  }
}

document.addEventListener("DOMContentLoaded", setup);
