/* bgref scoreboard page: render the hub's state, follow it over Server-Sent Events, and post
 * the players' commands. No polling: EventSource reconnects by itself and the server sends the
 * whole state ("init") on every (re)connection. */
(function () {
  "use strict";

  const $ = (id) => document.getElementById(id);
  const MAX_LOG = 30;
  let current = {};          // the latest scoreboard state (snapshot + light + message)
  let events = [];           // referee events, oldest first, each with the hub's id
  let lastEventId = 0;
  let toastTimer = null;

  // -- rendering -------------------------------------------------------------------------

  function setText(id, text) {
    const node = $(id);
    if (node.textContent !== text) node.textContent = text;
  }

  function name(side) {
    if (!side) return "";
    const names = current.names || {};
    return names[side] || (side === "white" ? "White" : "Black");
  }

  function renderStatus(light, message, kind) {
    // "Confirm" only while the camera asks the players to check the board or the dice.
    $("btn-confirm").hidden = kind !== "uncertain";
    const header = $("status");
    const colour = ["green", "yellow", "red"].includes(light) ? light : "yellow";
    header.className = "status light-" + colour + ((message || "").length > 48 ? " long" : "");
    header.dataset.light = colour;
    setText("message", message || "");
  }

  function renderState(s) {
    current = s || {};
    renderStatus(current.light, current.message, current.kind);
    const length = current.length;
    if (current.money) {
      setText("length", "$");
      setText("length-label", "money game");
    } else if (length) {
      setText("length", String(length));
      setText("length-label", "point match");
    } else {
      setText("length", "\u2013"); // no match published yet
      setText("length-label", "");
    }
    const badge = $("badge");
    const badgeText = current.crawford ? "Crawford" : current.post_crawford ? "Post-Crawford" : "";
    badge.hidden = !badgeText;
    badge.textContent = badgeText;
    badge.className = "badge" + (current.crawford ? " crawford" : "");

    const score = current.score || {};
    for (const side of ["white", "black"]) {
      const card = $("p-" + side);
      card.querySelector(".name").textContent = name(side);
      setText("score-" + side, String(score[side] ?? 0));
      const onTurn = current.turn === side && !current.winner;
      card.classList.toggle("on-turn", onTurn);
      card.classList.toggle("winner", current.winner === side);
      card.querySelector(".turn-label").textContent = turnLabel(side);
      const dice = card.querySelector(".dice");
      dice.replaceChildren();
      if (onTurn && Array.isArray(current.dice)) {
        for (const v of current.dice) dice.appendChild(BgBoard.die(v, 34));
      }
    }
    renderCube(current.cube);
    setText("prompt", current.prompt || "");
    renderIllegal();
    renderResignation();
    renderButtons();
    renderBoard();
  }

  function turnLabel(side) {
    if (current.winner === side) return "wins";
    if (current.turn !== side) return current.decider === side ? "to decide" : "";
    const labels = { to_roll: "to roll", rolled: "to play", moved: "to pick up", doubled: "doubled" };
    return labels[current.phase] || "on turn";
  }

  function renderCube(cube) {
    for (const slot of document.querySelectorAll(".cube-slot")) slot.replaceChildren();
    if (!cube) return;
    const box = document.createElement("span");
    box.className = "cube" + (cube.available === false ? " dead" : "");
    box.id = "cube";
    box.dataset.value = cube.value;
    box.dataset.owner = cube.owner || "";
    box.textContent = String(cube.owner ? cube.value : cube.face || cube.value);
    box.title = cube.owner ? "cube " + cube.value + ", owned by " + name(cube.owner) : "cube in the middle";
    const slot = cube.owner ? $("p-" + cube.owner).querySelector(".cube-slot") : $("cube-centre");
    slot.appendChild(box);
  }

  function renderIllegal() {
    const reason = current.illegal;
    const section = $("illegal");
    section.hidden = !reason;
    if (!reason) return;
    setText("illegal-reason", reason);
    const deciding = current.phase === "to_roll";
    const who = current.decider || current.turn;
    setText(
      "illegal-who",
      deciding && who ? name(who) + ": accept the play, or demand a correction" : "not final until the dice are picked up",
    );
    $("btn-accept").disabled = !deciding;
    $("btn-correct").disabled = !deciding;
  }

  function renderResignation() {
    const r = current.resignation;
    $("resignation").hidden = !r;
    if (!r) return;
    const level = { 1: "a single game", 2: "a gammon", 3: "a backgammon" }[r.level] || "the game";
    setText("resign-text", name(r.by) + " resigns " + level + ". " + name(current.decider) + "?");
  }

  function renderButtons() {
    const phase = current.phase;
    const cube = current.cube || {};
    const mayDouble =
      phase === "to_roll" && cube.available !== false && (!cube.owner || cube.owner === current.turn);
    $("btn-double").disabled = !mayDouble;
    $("btn-take").disabled = phase !== "doubled";
    $("btn-pass").disabled = phase !== "doubled";
    $("btn-beaver").hidden = !current.money;
    $("btn-beaver").disabled = phase !== "doubled";
    $("btn-resign").disabled = !["to_roll", "rolled", "moved"].includes(phase);
    $("btn-undo").disabled = !phase;
  }

  function renderBoard() {
    const svg = $("board");
    const id = current.position_id;
    setText("position-id", id ? "Position ID " + id : "");
    setText("match-id", current.match_id ? "Match ID " + current.match_id : "");
    if (!id) {
      BgBoard.draw(svg, null);
      return;
    }
    try {
      // The Position ID is from the view of the side on turn (white before the opening).
      const sides = BgBoard.sides(BgBoard.decodePositionId(id), current.turn || "white");
      BgBoard.draw(svg, sides);
      svg.dataset.positionId = id;
    } catch (err) {
      BgBoard.draw(svg, null);
      setText("position-id", String(err.message || err));
    }
  }

  function renderLog() {
    const list = $("log");
    const items = events.slice(-MAX_LOG).reverse().map((e) => {
      const li = document.createElement("li");
      li.className = "ev light-" + (e.light || "green") + " kind-" + (e.kind || "");
      const t = document.createElement("time");
      t.textContent = e.time ? new Date(e.time * 1000).toLocaleTimeString([], { hour12: false }) : "";
      const m = document.createElement("span");
      m.textContent = e.message;
      li.append(t, m);
      return li;
    });
    list.replaceChildren(...items);
  }

  function addEvent(e) {
    if (!e || (e.id && e.id <= lastEventId)) return false; // already shown (init overlaps)
    events.push(e);
    if (events.length > MAX_LOG) events = events.slice(-MAX_LOG);
    lastEventId = Math.max(lastEventId, e.id || 0);
    return true;
  }

  function applyInit(data) {
    $("download").hidden = !data.match_file;
    events = [];
    lastEventId = 0;
    for (const e of data.events || []) addEvent(e);
    renderState(data.state || {});
    renderLog();
  }

  // -- commands ---------------------------------------------------------------------------

  function sideFor(command) {
    switch (command) {
      case "double":
        return current.turn || null;
      case "take": case "pass": case "beaver": case "accept": case "correct":
      case "accept_resignation": case "decline_resignation":
        return current.decider || current.turn || null;
      default:
        return null; // undo, confirm, resign: the referee knows who
    }
  }

  function toast(text, kind) {
    const node = $("toast");
    node.textContent = text;
    node.className = "toast " + (kind || "");
    node.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { node.hidden = true; }, 6000);
  }

  async function send(command, button) {
    if (command === "resign" && !window.confirm("Resign this game?")) return;
    if (button) button.classList.add("busy");
    try {
      const response = await fetch("api/command", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: command, side: sideFor(command) }),
      });
      let body = {};
      try { body = await response.json(); } catch (e) { /* not JSON: use the status */ }
      if (response.ok) {
        toast(command.replace("_", " ") + ": done", "ok");
      } else {
        toast(body.error || "refused (" + response.status + ")", "refused");
      }
    } catch (err) {
      toast("no answer from the referee: " + err, "refused");
    } finally {
      if (button) button.classList.remove("busy");
    }
  }

  document.addEventListener("click", (ev) => {
    const button = ev.target.closest("button[data-command]");
    if (button && !button.disabled) send(button.dataset.command, button);
  });

  // -- live updates -------------------------------------------------------------------------

  function connect() {
    const conn = $("conn");
    const source = new EventSource("api/events");
    source.addEventListener("open", () => {
      conn.textContent = "live";
      conn.dataset.state = "live";
    });
    source.addEventListener("error", () => {
      conn.textContent = "reconnecting";
      conn.dataset.state = "reconnecting";
      // EventSource retries by itself after a network error, but gives up for good on an HTTP
      // error (e.g. 503 when every scoreboard slot is taken): then start a new one later.
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, 5000);
    });
    source.addEventListener("init", (m) => applyInit(JSON.parse(m.data)));
    source.addEventListener("state", (m) => renderState(JSON.parse(m.data).state));
    source.addEventListener("event", (m) => {
      const e = JSON.parse(m.data);
      if (addEvent(e)) {
        renderStatus(e.light, e.message, e.kind);
        renderLog();
        if (e.light === "red" && navigator.vibrate) navigator.vibrate([120, 80, 120]);
      }
    });
  }

  // The state served with the page, so the score shows before the stream connects.
  try {
    applyInit(JSON.parse($("initial").textContent));
  } catch (err) {
    renderState({});
  }
  connect();
})();
