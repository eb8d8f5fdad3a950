// The casekeeper page. It keeps the cards clicked or typed and the recorded bets, and
// shows what /api/case answers: every number comes from the server, exactly.
"use strict";

const RANKS = { 52: ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
                36: ["6", "7", "8", "9", "10", "J", "Q", "K", "A"],
                32: ["7", "8", "9", "10", "J", "Q", "K", "A"] };
const SUITS = [["s", "♠"], ["h", "♥"], ["d", "♦"], ["c", "♣"]];
const SODA_GAMES = ["faro", "stuss"];   // the first card is burnt: the soda
const FARO_BETS = ["faro", "stuss"];    // coppering and high card
const $ = (id) => document.getElementById(id);

const state = { game: "faro", scheme: "classic", deck: "52", cards: [], bets: [] };
let answer = null;   // the last records: { stay, oneTurn, coppered }

// --- the state, in the URL --------------------------------------------------------------

function readUrl() {
  const q = new URLSearchParams(location.search);
  state.game = q.get("game") || "faro";
  state.scheme = q.get("scheme") || "classic";
  state.deck = q.get("deck") || "52";
  state.cards = (q.get("seen") || "").split(/[\s,;]+/).filter(Boolean);
  state.bets = (q.get("bets") || "").split(/[\s,;]+/).filter(Boolean);
}

function writeUrl() {
  const q = new URLSearchParams({ game: state.game, deck: state.deck });
  if (state.game === "two-deck") q.set("scheme", state.scheme);
  if (state.cards.length) q.set("seen", state.cards.join(" "));
  if (state.bets.length) q.set("bets", state.bets.join(","));
  history.replaceState(null, "", "?" + q.toString());
}

// --- asking the server ------------------------------------------------------------------

// The cards that make whole turns; the rest is the half turn held on the page.
function wholeTurns(cards) {
  const n = cards.length;
  if (SODA_GAMES.includes(state.game)) return n === 0 || n % 2 === 1 ? n : n - 1;
  return n - (n % 2);
}

function turnsOf(whole) {
  return SODA_GAMES.includes(state.game) ? Math.max(0, (whole - 1) / 2) : whole / 2;
}

async function ask(kind, extra) {
  const q = new URLSearchParams({ game: state.game, deck: state.deck, "bet-kind": kind });
  if (state.game === "two-deck") q.set("scheme", state.scheme);
  q.set("seen", state.cards.slice(0, wholeTurns(state.cards)).join(" "));
  for (const [key, value] of Object.entries(extra || {})) q.set(key, value);
  const response = await fetch("/api/case?" + q.toString());
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

// Ask for every bet kind of the position; on a refusal, undo the change and say why.
// Changes are answered one after the other, each from the state as it then is.
let queue = Promise.resolve();
let pending = 0;

function refresh(undoChange) {
  pending += 1;
  document.body.dataset.busy = "1";   // "0" once every change is answered and shown
  queue = queue.then(() => update(undoChange));
}

async function update(undoChange) {
  const sent = wholeTurns(state.cards);   // cards clicked meanwhile stay after these
  const faro = FARO_BETS.includes(state.game);
  const stayExtra = { replay: "1" };
  if (state.bets.length) stayExtra.bets = state.bets.join(",");
  try {
    const [stay, oneTurn, coppered] = await Promise.all([
      ask("stay", stayExtra), ask("one-turn"), faro ? ask("coppered") : null]);
    answer = { stay, oneTurn, coppered };
    state.cards = canonical(stay).concat(state.cards.slice(sent));
    showError(null);
  } catch (error) {
    if (undoChange) undoChange();
    showError(error.message);
    if (!undoChange) answer = null;
  }
  writeUrl();
  render();
  pending -= 1;
  if (pending === 0) document.body.dataset.busy = "0";
}

// The cards of whole turns as the server read them (the soda, then loser and winner of
// each turn, from the replay), written as the grid writes them: "K♠" -> "Ks".
function canonical(stay) {
  const letter = Object.fromEntries(SUITS.map(([l, symbol]) => [symbol, l]));
  const code = (card) => card.slice(0, -1) + letter[card.slice(-1)];
  const cards = stay.soda ? [code(stay.soda)] : [];
  for (const row of stay.replay) if (row.loser) cards.push(code(row.loser), code(row.winner));
  return cards;
}

function showError(message) {
  $("error").hidden = !message;
  $("error").textContent = message ? message.replace(/^shtoss-exact: error: /, "") : "";
}

// --- what the user does -----------------------------------------------------------------

function deal(tokens) {
  const before = state.cards.length;
  state.cards.push(...tokens);
  refresh(() => { state.cards.length = before; });
}

// A card as the grid writes it: rank, then suit letter. Only for display: the server
// parses every card.
const CARD = /^(10|[2-9jqka])([shdc])$/i;

function cardCode(token) {   // "10H" -> "10h", for marking the grid; others stay as typed
  const m = token.match(CARD);
  return m ? m[1].toUpperCase() + m[2].toLowerCase() : token;
}

function pretty(token) {   // "3c" -> "3♣"; anything else as typed
  const m = token.match(CARD);
  if (!m) return token;
  return m[1].toUpperCase() + SUITS.find(([letter]) => letter === m[2].toLowerCase())[1];
}

function setup() {
  readUrl();
  $("game").value = state.game;
  $("deck").value = state.deck;
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
  $("typing").addEventListener("submit", (event) => {
    event.preventDefault();
    const tokens = $("typed").value.split(/[\s,;]+/).filter(Boolean);
    $("typed").value = "";
    if (tokens.length) deal(tokens);
  });
  $("bet-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!answer) return;
    const rank = $("bet-rank").value, kind = $("bet-kind").value;
    const stake = $("bet-stake").value.trim() || "1";
    const at = answer.stay.turns_dealt;
    const text = kind === "high-card" ? `high-card:${stake}@${at}` : `${rank}:${kind}:${stake}@${at}`;
    state.bets.push(text);
    refresh(() => { state.bets.pop(); });
  });
  fetch("/api/schemes").then((r) => r.json()).then((record) => {
    for (const scheme of record.schemes) {
      $("scheme").append(new Option(scheme.scheme, scheme.scheme));
    }
    $("scheme").value = state.scheme;
  });
  refresh();
}

function newDeal() {
  state.cards = [];
  state.bets = [];
  refresh();
}

// --- showing the answers ----------------------------------------------------------------

function percent(fraction) {   // "-25/833" -> "-3.001%": rendering only
  const [num, den] = fraction.split("/").map(Number);
  return (100 * num / (den || 1)).toFixed(3) + "%";
}

function cell(row, text, className) {
  const td = document.createElement(row.tagName === "THEAD" ? "th" : "td");
  td.textContent = text;
  if (className) td.className = className;
  row.append(td);
  return td;
}

function render() {
  $("game").value = state.game;
  $("deck").value = state.deck;
  $("scheme-label").hidden = state.game !== "two-deck";
  renderGrid();
  const whole = wholeTurns(state.cards);
  const held = state.cards.slice(whole);
  $("half-turn").hidden = held.length === 0;
  $("half-turn").textContent = held.length
    ? `Half a turn: ${held.map(pretty).join(" ")} lost — the winner is still to fall` : "";
  if (!answer) return;
  const stay = answer.stay;
  $("state").textContent = describe(stay);
  renderTurns(stay);
  renderOdds();
  renderLedger(stay);
}

function describe(r) {
  const names = { faro: "Faro", stuss: "Stuss", pharaon: "Pharaon", bassette: "Bassette",
                  "two-deck": `Stoss (${r.scheme})` };
  const where = SODA_GAMES.includes(r.game) && r.cards_left === r.deck
    ? "before the soda" : `after ${r.turns_dealt} turn${r.turns_dealt === 1 ? "" : "s"}`;
  const soda = r.soda ? `, soda ${r.soda}` : "";
  return `${names[r.game]}, ${where}${soda}: ${r.cards_left} cards left, ${r.turns_left} ` +
         `turn${r.turns_left === 1 ? "" : "s"} to deal`;
}

function renderGrid() {
  const grid = $("grid");
  grid.replaceChildren();
  const seen = new Set(state.cards.map(cardCode));
  for (const [letter, symbol] of SUITS) {
    for (const rank of RANKS[state.deck]) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "card " + (letter === "h" || letter === "d" ? "red" : "black");
      button.textContent = rank + symbol;
      button.dataset.card = rank + letter;
      button.disabled = seen.has(rank + letter);
      button.addEventListener("click", () => deal([rank + letter]));
      grid.append(button);
    }
  }
}

function renderTurns(stay) {
  const list = $("turns");
  list.replaceChildren();
  if (stay.soda) {
    const item = document.createElement("li");
    item.className = "soda";
    item.textContent = `soda ${stay.soda}`;
    list.append(item);
  }
  for (const row of stay.replay || []) {
    if (!row.loser) continue;
    const item = document.createElement("li");
    const number = document.createElement("span");
    number.className = "n";
    number.textContent = `${row.turns_dealt}.`;
    item.append(number, `${row.loser} loses, ${row.winner} wins`);
    list.append(item);
  }
}

const GROUPS = [
  ["stay", "Stay until decided", ["win", "lose", "split", "dead", "ev"]],
  ["oneTurn", "Next turn only", ["win", "lose", "split", "ev"]],
  ["coppered", "Coppered (to lose)", ["win", "lose", "split", "ev"]],
];

function renderOdds() {
  const table = $("odds-table");
  const head = table.tHead, body = table.tBodies[0];
  head.replaceChildren();
  body.replaceChildren();
  const groups = GROUPS.filter(([key]) => answer[key]);
  const top = document.createElement("tr"), sub = document.createElement("tr");
  head.append(top, sub);
  cell(top, "", "").colSpan = 2;
  cell(sub, "rank");
  cell(sub, "left");
  for (const [, title, columns] of groups) {
    const th = document.createElement("th");
    th.colSpan = columns.length;
    th.textContent = title;
    top.append(th);
    for (const column of columns) cell(sub, column, column === "ev" ? "ev" : "");
  }
  const best = answer.stay.best_bet;
  for (const bet of answer.stay.ranks) {
    const tr = document.createElement("tr");
    tr.dataset.rank = bet.rank;
    cell(tr, bet.rank, "rank");
    cell(tr, String(bet.copies_left));
    for (const [key, , columns] of groups) {
      const row = answer[key].ranks.find((r) => r.rank === bet.rank);
      for (const column of columns) {
        const td = cell(tr, row ? row[column] : "", column === "ev" ? "ev" : "");
        if (column === "ev" && row) {
          td.title = `edge ${row.edge} = ${percent(row.edge)} of the stake`;
          td.dataset.kind = key;
          if (best && best.rank === bet.rank && best.side === row.side && best.kind === row.kind) {
            td.classList.add("best");
          }
        }
      }
    }
    body.append(tr);
  }
  $("best").textContent = best
    ? `Best bet now: ${best.rank || "high card"}, ${best.side}, ${best.kind} — ev ${best.ev}`
    : "No bet is left: the deal is over.";
  const high = answer.stay.high_card;
  $("high-card").textContent = high
    ? `High card on the next turn: win ${high.win}, lose ${high.lose}, split (a push) ` +
      `${high.split}, ev ${high.ev}` : "";
  $("high-card").classList.toggle("best", Boolean(best && best.kind === "high-card"));
  const call = answer.stay.call_the_turn;
  $("call").hidden = !call;
  $("call").textContent = call
    ? (call.p_right === null ? "Calling the turn: three of a kind, one order only: no bet."
      : `Calling the turn (${call.kind}): right ${call.p_right}, pays ${call.payout}; ` +
        `ev ${call.ev_for} paid for, ${call.ev_to} paid to`) : "";
}

function renderLedger(stay) {
  const rank = $("bet-rank"), kind = $("bet-kind");
  const keepRank = rank.value, keepKind = kind.value;
  rank.replaceChildren(...stay.ranks.map((r) => new Option(r.rank, r.rank)));
  const kinds = FARO_BETS.includes(state.game)
    ? ["stay", "one-turn", "coppered", "high-card"] : ["stay", "one-turn"];
  kind.replaceChildren(...kinds.map((k) => new Option(k, k)));
  if ([...rank.options].some((o) => o.value === keepRank)) rank.value = keepRank;
  if (kinds.includes(keepKind)) kind.value = keepKind;
  const body = $("ledger").tBodies[0];
  body.replaceChildren();
  const ledger = stay.ledger;
  $("ledger").hidden = !ledger;
  $("take").textContent = ledger
    ? `The banker's take so far: ${ledger.banker_take}; stakes still open: ${ledger.open_stakes}`
    : "No bet recorded: pick a rank, a kind and a stake.";
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
