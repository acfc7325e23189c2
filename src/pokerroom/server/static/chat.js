// The table's chat: a pane of the drawer. Every line goes in through textContent, never
// as HTML, so what people type is shown as the text it is. A spectator chats under a
// name, with a token of this browser's own (kept in localStorage) that lets the host
// mute them; a seated player chats under the seat's name.
import { el } from "/static/cards.js";

const $ = (id) => document.getElementById(id);
const watcherKey = "pokerroom:watcher";
const nameKey = "pokerroom:chat-name";

let api = null; // { send, host }
const waiting = new Map(); // id of a line sent → its text, until the server answers
let seen = -1; // the last line the reader has had in view (-1: none drawn yet)

// This browser's watcher token (random, never shown): the same person to the room
// from table to table while they only watch.
export function watcherToken() {
  let token = localStorage.getItem(watcherKey);
  if (!token || token.length < 16) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    token = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(watcherKey, token);
  }
  return token;
}

export function setupChat(send, host) {
  api = { send, host };
  $("chat-name").value = localStorage.getItem(nameKey) || "";
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value;
    if (!text.trim()) { say("Type something first."); return; }
    const message = { op: "chat", text };
    if (!$("chat-name").hidden) {
      message.name = $("chat-name").value.trim();
      if (!message.name) { say("Type your name first: spectators chat under a name."); $("chat-name").focus(); return; }
      localStorage.setItem(nameKey, message.name);
    }
    if (api.send(message)) waiting.set(message.id, text);
  });
}

// The server's answer to a line this page sent (true), or to something else (false):
// a refusal is said in the chat pane, where the line was typed.
export function chatReply(message) {
  if (message.id === undefined || !waiting.has(message.id)) return false;
  waiting.delete(message.id);
  if (message.type === "error") say(message.message, true);
  else { $("chat-text").value = ""; say(""); }
  return true;
}

function say(text, refused = false) {
  const note = $("chat-error");
  note.textContent = text ? (refused ? `Not posted: ${text}.` : text) : "";
  note.hidden = !text;
}

function lineEl(line, you, muted) {
  const li = el("li", null, `chat-line ${line.role}`);
  li.dataset.seq = String(line.seq);
  if (line.role === "notice") { li.textContent = line.text; return li; }
  const label = line.role === "spectator" ? `${line.name} (watching)` : line.role === "host" ? "Host" : line.name;
  li.append(el("span", label, "who"), el("span", line.text, "said"));
  if (you && you.host && line.role !== "host" && line.author) {
    const isMuted = muted.has(line.author);
    const b = el("button", isMuted ? "Unmute" : "Mute", "mute secondary");
    b.type = "button";
    b.title = `${isMuted ? "Let" : "Stop"} ${line.name} ${isMuted ? "chat again" : "posting"}`;
    b.setAttribute("data-testid", `mute-${line.seq}`);
    b.addEventListener("click", () => api.host(isMuted ? "unmute" : "mute", { author: line.author }));
    li.append(b);
  }
  return li;
}

// Draw the chat of the table's latest state; ``open``: the pane is in view now.
export function renderChat(state, open) {
  const chat = state.chat;
  const tabButton = document.querySelector(".tab[data-tab=chat]");
  if (!chat) return;
  tabButton.hidden = chat.mode === "off";
  const list = $("chat");
  const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const muted = new Set(chat.muted || []);
  list.replaceChildren(...chat.lines.map((line) => lineEl(line, state.you, muted)));
  if (!chat.lines.length) list.append(el("li", "Nobody has said anything yet.", "chat-line notice"));
  if (atEnd || seen < 0) list.scrollTop = list.scrollHeight;
  const you = state.you || {};
  const seated = you.seat !== null && you.seat !== undefined;
  const spectator = !seated && !you.host;
  let why = "";
  if (chat.mode === "off") why = "Chat is off at this table.";
  else if (chat.mode === "players" && spectator) why = "Only the players chat at this table: take a seat to chat.";
  $("chat-rule").textContent = why || `Text only, up to ${chat.max} characters${spectator ? "; you chat as a spectator, under your name" : ""}.`;
  $("chat-name").hidden = !spectator || Boolean(why);
  $("chat-text").maxLength = chat.max;
  for (const input of $("chat-form").querySelectorAll("input, button")) input.disabled = Boolean(why);
  const last = chat.lines.length ? chat.lines[chat.lines.length - 1].seq : 0;
  if (open || seen < 0) seen = last;
  const unread = chat.lines.filter((l) => l.seq > seen && l.role !== "notice").length;
  $("chat-badge").hidden = !unread;
  $("chat-badge").textContent = String(unread);
  document.body.classList.toggle("chat-unread", unread > 0);
}

// The lines said during a past hand, up to the step shown (``upto``: the stored event
// the step follows; null: all of them).
export function replayChat(lines, upto) {
  const shown = (lines || []).filter((l) => upto === null || l.seq <= upto);
  const list = $("replay-chat");
  list.replaceChildren(...shown.map((line) => lineEl(line, null, new Set())));
  list.scrollTop = list.scrollHeight; // the latest lines said
  $("replay-chat-box").hidden = !(lines || []).length;
  $("replay-chat-count").textContent = `${shown.length} of ${(lines || []).length}`;
}
