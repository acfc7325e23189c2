// The lobby: pick a game, stakes and house rules, create the table, go to it as host.
import { el } from "/static/cards.js";

const $ = (id) => document.getElementById(id);
let games = [];

function ruleInput(rule) {
  const label = el("label", rule.name.replace(/_/g, " "));
  label.title = rule.help;
  let input;
  if (rule.kind === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = !!rule.default;
    label.className = "check";
  } else if (rule.kind === "choice") {
    input = document.createElement("select");
    for (const c of rule.choices) {
      const o = el("option", c);
      o.value = c;
      if (c === String(rule.default)) o.selected = true;
      input.append(o);
    }
  } else {
    input = document.createElement("input");
    input.type = rule.kind === "int" ? "number" : "text";
    input.value = rule.default ?? "";
  }
  input.dataset.rule = rule.name;
  input.dataset.kind = rule.kind;
  label.append(input, el("small", rule.help, "muted"));
  return label;
}

function showGame() {
  const game = games.find((g) => g.name === $("game").value);
  $("game-description").textContent = game ? game.description : "";
  const stakes = $("stakes");
  stakes.querySelectorAll("label").forEach((n) => n.remove());
  for (const [key, value] of Object.entries(game?.default_stakes || {})) {
    const label = el("label", key.replace(/_/g, " "));
    const input = document.createElement("input");
    input.type = "number";
    input.min = "0";
    input.value = value;
    input.dataset.stake = key;
    label.append(input);
    stakes.append(label);
  }
  const rules = $("rules");
  rules.querySelectorAll("label").forEach((n) => n.remove());
  for (const rule of game?.house_rules || []) rules.append(ruleInput(rule));
  rules.hidden = !(game?.house_rules || []).length;
  $("rotation-box").hidden = game?.name !== "dealers-choice";
  if (game && game.name !== "dealers-choice") {
    $("buy_in").value = game.default_stack;
    $("seats").value = Math.min(game.max_seats, 6);
  }
}

async function load() {
  const response = await fetch("/api/games");
  games = await response.json();
  for (const game of games) {
    const o = el("option", game.title);
    o.value = game.name;
    $("game").append(o);
    if (game.name !== "dealers-choice") {
      const label = el("label", game.title);
      label.className = "check";
      const box = document.createElement("input");
      box.type = "checkbox";
      box.checked = true;
      box.dataset.rotation = game.name;
      label.prepend(box);
      $("rotation").append(label);
    }
  }
  $("game").addEventListener("change", showGame);
  $("tournament").addEventListener("change", () => { $("structure-box").hidden = $("tournament").value !== "file"; });
  showGame();
}

$("create").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("error").textContent = "";
  const stakes = {};
  document.querySelectorAll("[data-stake]").forEach((i) => { stakes[i.dataset.stake] = Number(i.value); });
  const rules = {};
  document.querySelectorAll("[data-rule]").forEach((i) => {
    rules[i.dataset.rule] = i.dataset.kind === "bool" ? i.checked
      : i.dataset.kind === "int" ? Number(i.value) : i.value;
  });
  const rotation = [...document.querySelectorAll("[data-rotation]")]
    .filter((b) => b.checked).map((b) => b.dataset.rotation);
  const body = {
    game: $("game").value, title: $("title").value, seats: Number($("seats").value),
    buy_in: Number($("buy_in").value), timer: Number($("timer").value),
    approval: $("approval").checked, stakes, house_rules: rules,
    top_up_approval: $("top_up_approval").checked, bots_play_alone: $("bots_play_alone").checked,
    max_buy_in: Number($("max_buy_in").value) || 0, min_top_up: Number($("min_top_up").value) || 0,
    chat: $("chat").value, seat_changes: $("seat_changes").checked,
    rabbit_hunt: $("rabbit_hunt").checked,
    straddle: $("straddle").value, bomb_pot: Number($("bomb_pot").value) || 0,
    bomb_pot_every: Number($("bomb_pot_every").value) || 0,
    run_it_twice: $("run_it_twice").checked,
    time_bank: Number($("time_bank").value) || 0,
    time_bank_refill: Number($("time_bank_refill").value) || 0,
    time_bank_every: Number($("time_bank_every").value) || 1,
  };
  const kind = $("tournament").value;
  if (kind) {
    body.tournament = { structure: kind === "file" ? $("structure").value : kind,
                        clock: $("tournament_clock").value };
  }
  if (body.game === "dealers-choice") { body.rotation = rotation; body.stakes = {}; body.house_rules = {}; }
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) { $("error").textContent = data.detail || "could not create the table"; return; }
  localStorage.setItem(`pokerroom:${data.id}:host`, data.host_token);
  location.href = data.invite;
});

load();
