// The table page: one websocket, a fresh snapshot on every change, actions as buttons.
import { cardEl, cardsEl, el } from "/static/cards.js";

const $ = (id) => document.getElementById(id);
const roomId = location.pathname.split("/").filter(Boolean).pop();
const seatKey = `pokerroom:${roomId}:seat`;
const hostKey = `pokerroom:${roomId}:host`;
let socket = null;
let state = null;
let picked = new Set();
let chosenSeat = null;
let replay = null;
let splitOpeners = false;
let nextId = 1;
let retry = 250;
let online = false;
let errorSeq = -1;

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN && (online || message.op === "hello")) {
    message.id = nextId++;
    socket.send(JSON.stringify(message));
    return true;
  }
  showError("Not connected to the table: reconnecting, try again in a moment.");
  return false;
}

// Errors show by the action buttons and go once the table moves on.
function showError(text, seq) {
  $("error").textContent = text || "";
  $("error").hidden = !text;
  errorSeq = seq !== undefined ? seq : state ? state.seq : -1;
}

// While the connection is down: say so, and no button acts.
function setOnline(value) {
  online = value;
  $("offline").hidden = value;
  document.body.classList.toggle("offline", !value);
  for (const b of document.querySelectorAll("#actions button, #me .row button")) b.disabled = !value;
}

// Why this page no longer holds a seat (turned away, removed, left), until it joins again.
function showNotice(text) {
  $("notice").textContent = text || "";
  $("notice").hidden = !text;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${roomId}`);
  socket.addEventListener("open", () => {
    retry = 250;
    send({ op: "hello", token: localStorage.getItem(seatKey) || undefined,
           host_token: localStorage.getItem(hostKey) || undefined });
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "welcome") setOnline(true);
    if (message.type === "state") {
      state = message;
      if (message.seq > errorSeq && errorSeq >= 0) showError("");
      render();
      setOnline(online);
    }
    else if (message.type === "joined") { localStorage.setItem(seatKey, message.token); showError(""); showNotice(""); }
    else if (message.type === "revoked") { localStorage.removeItem(seatKey); picked = new Set(); showNotice(message.message); }
    else if (message.type === "welcome" && message.revoked) { localStorage.removeItem(seatKey); showNotice(message.revoked); }
    else if (message.type === "error") {
      if (/seat token is not valid/.test(message.message)) {
        localStorage.removeItem(seatKey);
        send({ op: "hello", host_token: localStorage.getItem(hostKey) || undefined });
      }
      showError(message.message);
    } else if (message.type === "ok") showError(message.note ? `${message.note}.` : "", message.seq);
  });
  socket.addEventListener("close", () => {
    setOnline(false);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 2000);
  });
}

function handSeat(hand, roomSeat) {
  if (!hand) return null;
  const i = hand.lineup.indexOf(roomSeat);
  return i < 0 ? null : i;
}

function seatPicture(hand, hs) {
  if (!hand || hs === null) return null;
  if (hand.picture && hand.picture.seats) return hand.picture.seats.find((s) => s.seat === hs) || null;
  const cards = hand.view && Array.isArray(hand.view.cards) ? hand.view.cards[hs] : null;
  return { cards: cards ? [].concat(cards) : [], up: [], bet: 0, status: "", note: "", marker: "" };
}

function render() {
  const t = state.table;
  const you = state.you;
  const hand = state.hand;
  document.title = `pokerroom — ${t.title || "table"}`;
  $("title").textContent = t.title || "pokerroom table";
  $("settings").textContent = t.settings;
  renderStatus();
  const showAnnouncement = Boolean(t.announcement);
  $("announcement").hidden = !showAnnouncement;
  $("announcement").textContent = showAnnouncement ? "House rules — " + t.announcement : "";
  // only the formats this table's games have (PHH: the poker games)
  $("dl-phh").hidden = !(t.formats || []).includes("phh");
  renderSeats();
  renderMiddle();
  renderMe();
  renderResult();
  renderHost();
  renderLog();
  renderLedger();
  $("join").hidden = you.seat !== null;
}

function renderStatus() {
  const t = state.table;
  const hand = state.hand;
  const you = state.you;
  let text;
  if (t.closed) text = "The table is closed.";
  else if (you.seat !== null && !you.approved) text = "Waiting for the host to approve your seat.";
  else if (hand && !hand.over) {
    if (t.actors.includes(you.seat)) text = `Your turn (hand #${hand.number}).`;
    else {
      const names = t.actors.map((s) => (t.players.find((p) => p.seat === s) || {}).name).filter(Boolean);
      text = names.length ? `Waiting for ${names.join(", ")}.` : `Hand #${hand.number}.`;
    }
  } else if (t.waiting) text = t.waiting;
  else if (hand && hand.over) text = `Hand #${hand.number} is over. Next hand soon.`;
  else text = "The next hand is being dealt.";
  $("status").textContent = text;
}

function renderSeats() {
  const t = state.table;
  const hand = state.hand;
  const box = $("seats");
  box.replaceChildren();
  for (let i = 0; i < t.seats; i++) {
    const player = t.players.find((p) => p.seat === i);
    const seat = el("div", null, "seat");
    seat.dataset.testid = `seat-${i}`;
    seat.setAttribute("data-testid", `seat-${i}`);
    if (!player) {
      seat.append(el("div", `Seat ${i + 1}`, "name muted"));
      if (state.you.seat === null) {
        const button = el("button", "Sit here");
        button.setAttribute("data-testid", `sit-${i}`);
        button.addEventListener("click", () => sitDown(i));
        seat.append(button);
      }
      box.append(seat);
      continue;
    }
    const hs = handSeat(hand, i);
    const pic = seatPicture(hand, hs);
    if (t.actors.includes(i)) seat.classList.add("acting");
    if (state.you.seat === i) seat.classList.add("me");
    if (pic && (pic.status === "folded" || pic.status === "out")) seat.classList.add("folded");
    const name = el("div", player.name, "name");
    if (player.bot) name.append(el("span", "bot", "tag"));
    if (!player.approved) name.append(el("span", "waiting", "tag"));
    if (player.sitting_out) name.append(el("span", "sitting out", "tag"));
    if (pic && pic.marker) name.append(el("span", pic.marker, "tag"));
    if (t.clock[String(i)] !== undefined && t.actors.includes(i)) {
      name.append(el("span", `${Math.ceil(t.clock[String(i)])}s`, "clock"));
    }
    seat.append(name);
    const stack = pic && pic.stack !== undefined ? pic.stack : player.stack;
    seat.append(el("div", `${stack}`, "stack"));
    if (pic) {
      if (pic.cards && pic.cards.length) seat.append(cardsEl(pic.cards, { small: true, up: pic.up }));
      if (pic.bet) seat.append(el("div", `bet ${pic.bet}`, "bet"));
      if (pic.status) seat.append(el("div", pic.status, "note"));
      if (pic.note) seat.append(el("div", pic.note, "note"));
    }
    box.append(seat);
  }
}

function renderMiddle() {
  const hand = state.hand;
  const pic = hand && hand.picture;
  $("board").replaceChildren();
  $("pots").replaceChildren();
  $("extra").replaceChildren();
  if (!hand) return;
  const board = pic ? pic.board : (hand.view && hand.view.board) || [];
  for (const c of board || []) $("board").append(cardEl(c));
  const pots = pic ? pic.pots : hand.view && hand.view.pot !== undefined ? [["pot", hand.view.pot]] : [];
  for (const [label, chips] of pots || []) $("pots").append(el("div", `${label}: ${chips}`));
  // the bets of this round are in front of the seats until it ends: show the whole too
  const bets = ((pic && pic.seats) || []).reduce((sum, s) => sum + (s.bet || 0), 0);
  if (pic && bets > 0) {
    const middle = (pots || []).reduce((sum, [, chips]) => sum + chips, 0);
    $("pots").append(el("div", `with this round's bets: ${middle + bets}`, "pot-total"));
  }
  for (const [label, cards] of (pic && pic.extra_hands) || []) {
    const box = el("div", `${label}: `);
    box.append(cardsEl(cards, { small: true }));
    $("extra").append(box);
  }
  if (pic && pic.street) $("pots").append(el("div", pic.street, "muted"));
  for (const note of (pic && pic.notes) || []) $("pots").append(el("div", note, "muted"));
}

function myCards() {
  const hand = state.hand;
  const hs = handSeat(hand, state.you.seat);
  const pic = seatPicture(hand, hs);
  return pic ? (pic.cards || []).filter((c) => c && c !== "??") : [];
}

function renderMe() {
  const you = state.you;
  $("me").hidden = you.seat === null;
  if (you.seat === null) return;
  const cards = myCards();
  picked = new Set([...picked].filter((c) => cards.includes(c)));
  const box = $("my-cards");
  box.replaceChildren();
  for (const c of cards) {
    const node = cardEl(c);
    if (picked.has(c)) node.classList.add("picked");
    node.setAttribute("role", "button");
    node.setAttribute("data-testid", `my-card-${c}`);
    node.addEventListener("click", () => {
      if (picked.has(c)) picked.delete(c); else picked.add(c);
      renderMe();
    });
    box.append(node);
  }
  renderActions();
  const me = state.table.players.find((p) => p.seat === you.seat);
  $("sitout").textContent = me && me.sitting_out ? "Sit back in" : "Sit out";
}

function act(action) {
  picked = new Set();
  splitOpeners = false;
  send({ op: "act", action });
}

function button(text, testid, onClick, enabled = true) {
  const b = el("button", text);
  b.setAttribute("data-testid", testid);
  b.disabled = !enabled;
  b.addEventListener("click", onClick);
  return b;
}

function sizing(label, testid, min, max, fixed, make) {
  const box = el("div", null, "sizing");
  if (fixed && fixed.length) {
    for (const amount of fixed) box.append(button(`${label} ${amount}`, `${testid}-${amount}`, () => act(make(amount))));
    return box;
  }
  const range = document.createElement("input");
  range.type = "range"; range.min = min; range.max = max; range.value = min;
  const number = document.createElement("input");
  number.type = "number"; number.min = min; number.max = max; number.value = min;
  number.setAttribute("data-testid", `${testid}-amount`);
  range.addEventListener("input", () => { number.value = range.value; go.textContent = `${label} ${range.value}`; });
  number.addEventListener("input", () => { range.value = number.value; go.textContent = `${label} ${number.value}`; });
  const go = button(`${label} ${min}`, testid, () => act(make(Number(number.value))));
  const all = button("Max", `${testid}-max`, () => { number.value = max; range.value = max; go.textContent = `${label} ${max}`; });
  all.classList.add("secondary");
  box.append(range, number, all, go);
  return box;
}

function seatName(hs) {
  const hand = state.hand;
  return hand && hand.names[hs] ? hand.names[hs] : `seat ${hs + 1}`;
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  const hand = state.hand;
  const legal = (hand && hand.legal) || [];
  $("pick-help").textContent = "";
  for (const option of legal) {
    switch (option.type) {
      case "FoldOption": box.append(button("Fold", "act-fold", () => act({ type: "Fold" }))); break;
      case "CheckOption": box.append(button("Check", "act-check", () => act({ type: "Check" }))); break;
      case "CallOption": box.append(button(`Call ${option.amount}`, "act-call", () => act({ type: "Call" }))); break;
      case "BetOption":
        box.append(sizing("Bet", "act-bet", option.min_amount, option.max_amount, option.amounts,
          (amount) => ({ type: "Bet", amount })));
        break;
      case "RaiseOption":
        box.append(sizing("Raise to", "act-raise", option.min_to, option.max_to, option.tos,
          (to) => ({ type: "Raise", to })));
        break;
      case "BringInOption": box.append(button(`Bring in ${option.amount}`, "act-bringin", () => act({ type: "BringIn" }))); break;
      case "CompleteOption": box.append(button(`Complete to ${option.to}`, "act-complete", () => act({ type: "Complete" }))); break;
      case "DeclareOption":
        box.append(button("In", "act-in", () => act({ type: "Declare", stay: true })));
        box.append(button("Out", "act-out", () => act({ type: "Declare", stay: false }), !option.must_stay));
        break;
      case "DrawOption": {
        const n = picked.size;
        const ok = n >= option.min_cards && n <= option.max_cards;
        $("pick-help").textContent = `Click the cards you throw away (${option.min_cards} to ${option.max_cards}).`;
        const split = document.createElement("input");
        split.type = "checkbox";
        split.checked = splitOpeners;
        split.setAttribute("data-testid", "draw-split");
        split.addEventListener("change", () => { splitOpeners = split.checked; });
        const splitLabel = el("label", "I am splitting my openers");
        splitLabel.className = "check";
        splitLabel.prepend(split);
        if (option.min_cards === 0) box.append(button("Stand pat", "act-standpat", () => act({ type: "Draw", discards: [] }), true));
        box.append(button(`Draw ${n}`, "act-draw", () => act({ type: "Draw", discards: [...picked], split_openers: splitOpeners }), ok && n > 0));
        if (n > 0) box.append(splitLabel);
        break;
      }
      case "PassOption": {
        const card = picked.size === 1 ? [...picked][0] : null;
        const ok = card !== null && option.cards.includes(card);
        $("pick-help").textContent = `Click one card to pass (${option.cards.join(" ")}) to ${seatName(option.to_seat)}.`;
        box.append(button(ok ? `Pass ${card} to ${seatName(option.to_seat)}` : "Pass (pick a card)", "act-pass",
          () => act({ type: "PassCard", card }), ok));
        break;
      }
      case "DiscardOption":
        for (const choice of option.choices) {
          box.append(button(`Discard ${choice.join(" ")}`, `act-discard-${choice.join("")}`, () => act({ type: "Discard", cards: choice })));
        }
        break;
      default:
        for (const template of option.actions || []) box.append(templateForm(option, template));

    }
  }
}

function words(type) {
  const text = type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A game's own action (e.g. Three Card Poker's wagers): one input per number or yes/no
// field, then a button.
function templateForm(option, template) {
  const form = el("div", null, "sizing");
  const inputs = {};
  const least = option.min_bet || option.min_amount || 1;
  // a wager named like one of the table's stakes (Ante, Pair Plus) starts at that stake
  const stakes = (state.hand && state.hand.stakes) || {};
  let first = true;
  for (const [name, value] of Object.entries(template.fields)) {
    const label = el("label", words(name.replace(/_/g, " ").replace(/ (.)/g, (m, c) => c.toUpperCase())));
    const input = document.createElement("input");
    if (typeof value === "boolean") { input.type = "checkbox"; input.checked = value; }
    else {
      input.type = "number"; input.min = "0";
      input.value = name in stakes ? stakes[name] : (first ? least : value);
      first = false;
    }
    input.setAttribute("data-testid", `field-${name}`);
    inputs[name] = input;
    label.append(input);
    form.append(label);
  }
  form.append(button(words(template.type), `act-${template.type.toLowerCase()}`, () => {
    const action = { type: template.type };
    for (const [name, input] of Object.entries(inputs)) {
      action[name] = input.type === "checkbox" ? input.checked : Number(input.value);
    }
    act(action);
  }));
  return form;
}

function renderResult() {
  const hand = state.hand;
  const box = $("result");
  box.replaceChildren();
  box.hidden = !(hand && hand.over && hand.result);
  if (box.hidden) return;
  box.append(el("h2", `Hand #${hand.number} — ${hand.title || hand.game}`));
  const list = el("ul");
  // the summary already says who won what; the nets only when it says nothing
  for (const line of hand.result.summary) list.append(el("li", line));
  if (!hand.result.summary.length) {
    hand.result.net.forEach((net, i) => {
      if (net) list.append(el("li", `${hand.names[i]} ${net > 0 ? "wins" : "loses"} ${Math.abs(net)}`));
    });
  }
  box.append(list);
}

function renderLog() {
  const list = $("log");
  list.replaceChildren();
  for (const line of (state.hand && state.hand.log) || []) list.append(el("li", line));
  list.scrollTop = list.scrollHeight;
}

function renderLedger() {
  const table = $("ledger");
  table.replaceChildren();
  const head = el("tr");
  for (const h of ["Player", "Bought in", "Holding", "Net"]) head.append(el("th", h));
  table.append(head);
  for (const row of state.ledger.balances) {
    const tr = el("tr");
    for (const v of [row.name, row.bought, row.holding, (row.net > 0 ? "+" : "") + row.net]) tr.append(el("td", v));
    table.append(tr);
  }
  const pot = state.ledger.pot;
  if (pot) {
    const tr = el("tr", null, "pot-row");
    for (const v of ["In the pot" + (pot.reserve ? ` (reserve ${pot.reserve})` : ""), "", pot.pot + pot.reserve, ""]) tr.append(el("td", v));
    table.append(tr);
  }
  const settle = $("settle");
  settle.replaceChildren();
  if (pot) settle.append(el("li", pot.rule, "muted"));
  for (const [from, to, chips] of state.ledger.settle_up) settle.append(el("li", `${from} pays ${to} ${chips}`));
}

let gamesLoaded = false;
async function loadGames() {
  if (gamesLoaded) return;
  gamesLoaded = true;
  const games = await (await fetch("/api/games")).json();
  for (const g of games) {
    if (g.name === "dealers-choice") continue;
    const o = el("option", g.title);
    o.value = g.name;
    $("next-game").append(o);
  }
}

function renderHost() {
  const you = state.you;
  $("host").hidden = !you.host;
  if (!you.host) return;
  loadGames();
  $("invite").value = `${location.origin}/t/${roomId}`;
  $("start").hidden = !state.table.paused;
  $("start").textContent = state.table.hands_played ? "Resume" : "Start the game";
  $("pause").hidden = state.table.paused;
  const pending = $("pending");
  pending.replaceChildren();
  for (const p of state.pending || []) {
    const row = el("div", `${p.name} asks for seat ${p.seat + 1} `, "row");
    row.append(button("Approve", `approve-${p.seat}`, () => host("approve", { seat: p.seat })));
    const no = button("Turn away", `reject-${p.seat}`, () => host("remove", { seat: p.seat }));
    no.classList.add("danger");
    row.append(no);
    pending.append(row);
  }
  const select = $("remove-seat");
  const current = select.value;
  select.replaceChildren();
  const none = el("option", "choose a player");
  none.value = "";
  select.append(none);
  for (const p of state.table.players) {
    const o = el("option", `${p.seat + 1}: ${p.name}`);
    o.value = p.seat;
    select.append(o);
  }
  select.value = state.table.players.some((p) => String(p.seat) === current) ? current : "";
}

function host(command, data = {}) {
  send({ op: "host", command, data });
}

function sitDown(seat) {
  const name = $("name").value.trim();
  if (!name) {
    chosenSeat = seat;
    $("join-seat").textContent = `Type your name above, then click "Sit here" again.`;
    $("name").focus();
    return;
  }
  send({ op: "join", seat, name, host_token: localStorage.getItem(hostKey) || undefined });
}

async function fetchWithToken(path) {
  const headers = {};
  const token = localStorage.getItem(seatKey);
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, { headers });
}

async function download(kind) {
  const response = await fetchWithToken(`/api/tables/${roomId}/history.${kind}`);
  if (!response.ok) { showError((await response.json()).detail); return; }
  const blob = await response.blob();
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `pokerroom-${roomId}.${kind}`;
  a.click();
}

function renderReplay() {
  if (!replay) return;
  $("replay-box").hidden = false;
  $("replay-title").textContent = `Hand #${replay.data.number} — ${replay.data.title || replay.data.game} — step ${replay.step + 1} of ${replay.data.steps.length}`;
  const list = $("replay-steps");
  list.replaceChildren();
  for (const step of replay.data.steps.slice(0, replay.step + 1)) {
    for (const line of step.lines) list.append(el("li", line));
  }
  if (replay.step === replay.data.steps.length - 1 && replay.data.result) {
    for (const line of replay.data.result.summary) list.append(el("li", line));
  }
}

$("replay").addEventListener("click", async () => {
  const n = Number($("replay-number").value);
  const response = await fetchWithToken(`/api/tables/${roomId}/hands/${n}`);
  const data = await response.json();
  if (!response.ok) { showError(data.detail); return; }
  replay = { data, step: data.steps.length - 1 };
  renderReplay();
});
$("replay-prev").addEventListener("click", () => { if (replay && replay.step > 0) { replay.step--; renderReplay(); } });
$("replay-next").addEventListener("click", () => { if (replay && replay.step < replay.data.steps.length - 1) { replay.step++; renderReplay(); } });
$("dl-text").addEventListener("click", () => download("txt"));
$("dl-phh").addEventListener("click", () => download("phh"));
$("start").addEventListener("click", () => host("resume"));
$("pause").addEventListener("click", () => host("pause"));
$("fill").addEventListener("click", () => host("fill"));
$("close").addEventListener("click", () => host("close"));
$("remove").addEventListener("click", () => {
  const value = $("remove-seat").value;
  if (value === "") { showError("Choose the player to remove first."); return; }
  const player = state.table.players.find((p) => String(p.seat) === value);
  if (!player) { showError("That player has left already."); return; }
  if (!window.confirm(`Remove ${player.name} from seat ${player.seat + 1}? Their chips are cashed out after this hand.`)) return;
  host("remove", { seat: player.seat });
});
$("copy").addEventListener("click", () => navigator.clipboard?.writeText($("invite").value));
$("change-game").addEventListener("click", () => {
  let stakes = {};
  const text = $("next-stakes").value.trim();
  if (text) { try { stakes = JSON.parse(text); } catch { showError("stakes must be JSON, e.g. {\"big_blind\": 4}"); return; } }
  host("game", { game: $("next-game").value, stakes });
});
$("sitout").addEventListener("click", () => {
  const me = state.table.players.find((p) => p.seat === state.you.seat);
  send({ op: me && me.sitting_out ? "sitin" : "sitout" });
});
$("topup").addEventListener("click", () => send({ op: "topup", amount: Number($("topup-amount").value) }));
$("leave").addEventListener("click", () => { send({ op: "leave" }); localStorage.removeItem(seatKey); });
$("name").addEventListener("keydown", (e) => { if (e.key === "Enter" && chosenSeat !== null) sitDown(chosenSeat); });
setInterval(() => {
  // count the clocks down between snapshots
  if (!state) return;
  for (const key of Object.keys(state.table.clock)) state.table.clock[key] = Math.max(0, state.table.clock[key] - 1);
  renderSeats();
}, 1000);

connect();
