// Replays a backtracking search: the state-space tree beside the board.
// The data (the element #trace-data) is written by backtracker's
// Trace::html; docs/traces.md describes the page.
(() => {
  "use strict";
  // A note (a restart, a nogood, a last-conflict pick) is no step: its
  // words only, at the node where the search stands.
  const ASSIGN = 0, REJECT = 1, UNDO = 2, SOLUTION = 3, NOTE = 4;
  const KINDS = ["assign", "reject", "undo", "solution", "note"];
  const $ = (id) => document.getElementById(id);
  const D = JSON.parse($("trace-data").textContent);
  const ev = D.events, steps = D.steps, reasons = D.reasons, N = ev.length;

  // ---------------------------------------------------------------- words
  const stepText = (s) => D.vars[steps[s][0]] + " = " + steps[s][1];

  // Event k (from 1) as the text trace writes it, without indentation.
  function words(k) {
    if (k === 0) return "start: nothing assigned";
    const e = ev[k - 1];
    switch (e[0]) {
      case ASSIGN: return stepText(e[2]);
      case REJECT: return stepText(e[2]) + "  " + reasons[e[3]][2];
      case UNDO: return stepText(e[2]) + "  undone";
      case NOTE: return e[2];
      default: return solutionText(e);
    }
  }

  // A solution event's words, with its cost when branch and bound found it.
  function solutionText(e) {
    return "solution " + e[2] + (e.length > 3 ? "  cost " + e[3] : "");
  }

  const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;")
    .replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const f = (x) => Math.round(x * 10) / 10;

  // ----------------------------------------------------------------- tree
  // A node per assign, reject and solution event; node 0 is the root.
  const nodeEvent = [-1], parent = [-1], depth = [0], kind = [-1];
  const kids = [[]], rejs = [[]];
  const evNode = new Int32Array(N); // event -> its node (an undo: the node undone)
  {
    const path = [0]; // the assigned nodes, by depth
    for (let i = 0; i < N; i++) {
      const e = ev[i], d = e[1];
      if (e[0] === NOTE) {
        evNode[i] = path[path.length - 1];
        continue;
      }
      if (e[0] === UNDO) {
        evNode[i] = path[Math.min(d + 1, path.length - 1)];
        path.length = Math.max(1, Math.min(path.length, d + 1));
        continue;
      }
      const p = path[Math.min(d, path.length - 1)];
      const id = nodeEvent.length;
      nodeEvent.push(i);
      parent.push(p);
      depth.push(depth[p] + 1);
      kind.push(e[0]);
      kids.push([]);
      rejs.push([]);
      (e[0] === REJECT ? rejs : kids)[p].push(id);
      evNode[i] = id;
      if (e[0] === ASSIGN) {
        path.length = Math.min(path.length, d + 1);
        path.push(id);
      }
    }
  }
  const M = nodeEvent.length;

  // Branch and bound: the cost of the best solution after event k, or
  // null before the first.
  const bestAfter = [null];
  for (let i = 0; i < N; i++) {
    const e = ev[i];
    bestAfter.push(e[0] === SOLUTION && e.length > 3 ? e[3] : bestAfter[i]);
  }
  const size = new Int32Array(M).fill(1); // nodes in the subtree, itself included
  for (let id = M - 1; id > 0; id--) size[parent[id]] += size[id];

  // Large trees show the levels down to autoDepth (about BUDGET nodes);
  // deeper subtrees are collapsed, and open with a click on their "+".
  const BUDGET = 400;
  const perDepth = [];
  for (let id = 0; id < M; id++) perDepth[depth[id]] = (perDepth[depth[id]] || 0) + 1;
  let autoDepth = 0;
  for (let shown = 1; autoDepth + 1 < perDepth.length && shown + perDepth[autoDepth + 1] <= BUDGET;) {
    autoDepth++;
    shown += perDepth[autoDepth];
  }
  autoDepth = Math.max(autoDepth, 1);

  const userOpen = new Map(); // node -> opened (true) or closed (false) by a click
  let forced = new Set(); // ancestors of the current node that it keeps open
  // A node's list of rejected steps, when longer than FOLD, is folded
  // under one line, unless a click unfolded it or it holds the current step.
  const FOLD = 8;
  const userList = new Map(); // node -> its long list unfolded (true) by a click
  let forcedList = -1; // the node whose long list holds the current step
  const longList = (id) => rejs[id].length > FOLD;
  const listOpen = (id) => !longList(id) || id === forcedList || userList.get(id) === true;
  const foldText = (id) => `\u2717 ${rejs[id].length} rejected ${listOpen(id) ? "\u25be" : "\u25b8"}`;
  const hasChildren = (id) => kids[id].length + rejs[id].length > 0;
  const baseOpen = (id) => (userOpen.has(id) ? userOpen.get(id) : depth[id] < autoDepth);
  const isOpen = (id) => forced.has(id) || baseOpen(id);
  const toggleable = (id) => hasChildren(id) && depth[id] >= autoDepth && !forced.has(id);
  const toggleText = (id) => (isOpen(id) ? "\u2212" : "+" + (size[id] - 1));

  function label(id) {
    if (id === 0) return "start";
    const e = ev[nodeEvent[id]];
    return kind[id] === SOLUTION ? solutionText(e) : stepText(e[2]);
  }
  const domId = (id) => (id === 0 ? "root" : "n" + nodeEvent[id]);

  // Geometry, in SVG units; X is a box's centre, Y its top.
  const CW = 7.3, BOXH = 22, PADX = 7, GAPX = 16, GAPY = 28, ITEMH = 32, ITEMGAP = 4, FOLDH = 20;
  const TOGH = 16, MARGIN = 12;
  const boxW = new Float64Array(M), cardW = new Float64Array(M), cardH = new Float64Array(M);
  const subW = new Float64Array(M), X = new Float64Array(M), Y = new Float64Array(M);
  let levelH = [], levelY = [], width = 0, height = 0, zoom = 1;
  let shownNodes = [];

  function itemWidth(r) {
    const e = ev[nodeEvent[r]];
    return Math.max(stepText(e[2]).length, reasons[e[3]][1].length + 2) * CW + 2 * PADX;
  }

  // The card of a node: its box, its rejected steps below it when open,
  // and its "+"/"-" toggle; then the widths of the subtrees.
  function measure(id) {
    shownNodes.push(id);
    const open = isOpen(id);
    let w = label(id).length * CW + 2 * PADX, h = BOXH;
    boxW[id] = w;
    if (open && longList(id)) {
      w = Math.max(w, foldText(id).length * CW + 2 * PADX);
      h += 6 + FOLDH;
    }
    if (open && rejs[id].length && listOpen(id)) {
      for (const r of rejs[id]) w = Math.max(w, itemWidth(r));
      h += 6 + rejs[id].length * (ITEMH + ITEMGAP) - ITEMGAP;
    }
    if (toggleable(id)) {
      w = Math.max(w, toggleText(id).length * CW + 12);
      h += 4 + TOGH;
    }
    cardW[id] = w;
    cardH[id] = h;
    const d = depth[id];
    levelH[d] = Math.max(levelH[d] || 0, h);
    let total = 0, n = 0;
    if (open) {
      for (const c of kids[id]) {
        measure(c);
        total += subW[c];
        n++;
      }
    }
    subW[id] = Math.max(w, total + GAPX * Math.max(0, n - 1));
  }

  function place(id, left) {
    X[id] = left + subW[id] / 2;
    Y[id] = levelY[depth[id]];
    if (!isOpen(id)) return;
    let total = -GAPX;
    for (const c of kids[id]) total += subW[c] + GAPX;
    let x = left + (subW[id] - total) / 2;
    for (const c of kids[id]) {
      place(c, x);
      x += subW[c] + GAPX;
    }
    const first = Y[id] + BOXH + 6 + (longList(id) ? FOLDH + 6 : 0);
    rejs[id].forEach((r, i) => {
      X[r] = X[id];
      Y[r] = first + i * (ITEMH + ITEMGAP);
    });
  }

  // What the current step makes of the tree.
  let K = 0; // the step shown: events 1..K have happened
  let curNode = 0; // the node of event K
  let onPath = new Set([0]); // the nodes of the current assignment
  let forcedKey = null;
  const els = new Map(); // shown node -> its element
  const foldEls = new Map(); // shown node -> the fold line of its long list

  function stateClass(id) {
    let c = "";
    if (id !== 0 && nodeEvent[id] >= K) c += " future";
    if (onPath.has(id)) c += " on";
    if (K > 0 && id === curNode) c += " current";
    return c;
  }

  function nodeSvg(id, out) {
    const x = X[id], y = Y[id];
    const cls = id === 0 ? "node root" : kind[id] === SOLUTION ? "node s" : "node a";
    out.push(`<g id="${domId(id)}" class="${cls}${stateClass(id)}" data-step="${nodeEvent[id] + 1}">`);
    if (id !== 0) {
      const p = parent[id], y1 = Y[p] + cardH[p], ym = (y1 + y) / 2;
      out.push(`<path class="edge" d="M${f(X[p])} ${f(y1)}C${f(X[p])} ${f(ym)} ${f(x)} ${f(ym)} ${f(x)} ${f(y)}"/>`);
    }
    out.push(`<rect x="${f(x - boxW[id] / 2)}" y="${f(y)}" width="${f(boxW[id])}" height="${BOXH}" rx="4"/>`);
    out.push(`<text x="${f(x)}" y="${f(y + BOXH / 2)}" text-anchor="middle">${esc(label(id))}</text></g>`);
    if (isOpen(id) && longList(id)) {
      const top = y + BOXH + 6, w = cardW[id];
      const future = nodeEvent[rejs[id][0]] >= K ? " future" : "";
      out.push(`<g id="fold-${id}" class="fold${future}" data-node="${id}"><title>${listOpen(id) ? "Fold" : "Unfold"} the rejected steps</title>`);
      out.push(`<rect x="${f(x - w / 2)}" y="${f(top)}" width="${f(w)}" height="${FOLDH}" rx="3"/>`);
      out.push(`<text x="${f(x)}" y="${f(top + FOLDH / 2)}" text-anchor="middle">${foldText(id)}</text></g>`);
    }
    if (isOpen(id) && listOpen(id)) {
      for (const r of rejs[id]) {
        const e = ev[nodeEvent[r]], reason = reasons[e[3]], top = Y[r], w = cardW[id];
        out.push(`<g id="${domId(r)}" class="node r k${reason[0] % 6}${stateClass(r)}" data-step="${nodeEvent[r] + 1}">`);
        out.push(`<rect x="${f(x - w / 2)}" y="${f(top)}" width="${f(w)}" height="${ITEMH}" rx="3"/>`);
        out.push(`<text text-anchor="middle"><tspan x="${f(x)}" y="${f(top + ITEMH * 0.28)}">${esc(stepText(e[2]))}</tspan>`);
        out.push(`<tspan class="why" x="${f(x)}" y="${f(top + ITEMH * 0.72)}">\u2717 ${esc(reason[1])}</tspan></text>`);
        out.push(`<title>${esc(words(nodeEvent[r] + 1))}</title></g>`);
      }
    }
    if (toggleable(id)) {
      const t = toggleText(id), w = t.length * CW + 12, top = y + cardH[id] - TOGH;
      out.push(`<g class="toggle" data-node="${id}"><title>${isOpen(id) ? "Collapse" : "Expand"} this subtree</title>`);
      out.push(`<rect x="${f(x - w / 2)}" y="${f(top)}" width="${f(w)}" height="${TOGH}" rx="8"/>`);
      out.push(`<text x="${f(x)}" y="${f(top + TOGH / 2)}" text-anchor="middle">${t}</text></g>`);
    }
  }

  const svg = $("tree"), panel = $("tree-panel");

  function draw() {
    shownNodes = [];
    levelH = [];
    measure(0);
    levelY = [MARGIN];
    for (let d = 1; d < levelH.length; d++) levelY[d] = levelY[d - 1] + levelH[d - 1] + GAPY;
    place(0, MARGIN);
    width = subW[0] + 2 * MARGIN;
    height = levelY[levelH.length - 1] + levelH[levelH.length - 1] + MARGIN;
    const out = [];
    for (const id of shownNodes) nodeSvg(id, out);
    svg.setAttribute("viewBox", `0 0 ${f(width)} ${f(height)}`);
    applyZoom();
    svg.innerHTML = out.join("");
    els.clear();
    foldEls.clear();
    for (const id of shownNodes) {
      els.set(id, $(domId(id)));
      if (!isOpen(id)) continue;
      if (longList(id)) foldEls.set(id, $("fold-" + id));
      if (listOpen(id)) for (const r of rejs[id]) els.set(r, $(domId(r)));
    }
  }

  function applyZoom() {
    svg.setAttribute("width", f(width * zoom));
    svg.setAttribute("height", f(height * zoom));
  }

  // The nodes of the assignment after event k: its last step and up.
  function pathAfter(k) {
    let top = 0;
    if (k > 0) {
      const e = ev[k - 1], n = evNode[k - 1];
      top = e[0] === ASSIGN || e[0] === NOTE ? n : parent[n];
    }
    const set = new Set();
    for (let a = top; a >= 0; a = parent[a]) set.add(a);
    return set;
  }

  function updateTree(prev) {
    const cur = K > 0 ? evNode[K - 1] : 0;
    const keep = [];
    for (let a = parent[cur]; a >= 0; a = parent[a]) if (!baseOpen(a)) keep.push(a);
    const list = kind[cur] === REJECT && longList(parent[cur]) ? parent[cur] : -1;
    const key = keep.join(",") + "|" + list;
    const path = pathAfter(K);
    if (key !== forcedKey) {
      forced = new Set(keep);
      forcedList = list;
      forcedKey = key;
      onPath = path;
      curNode = cur;
      draw();
    } else {
      const lo = Math.min(prev, K), hi = Math.max(prev, K);
      if (hi - lo > els.size) {
        for (const [id, el] of els) el.classList.toggle("future", id !== 0 && nodeEvent[id] >= K);
        for (const [id, el] of foldEls) el.classList.toggle("future", nodeEvent[rejs[id][0]] >= K);
      } else {
        for (let i = lo; i < hi; i++) {
          if (ev[i][0] === UNDO || ev[i][0] === NOTE) continue;
          const el = els.get(evNode[i]);
          if (el) el.classList.toggle("future", i >= K);
          const fold = ev[i][0] === REJECT && foldEls.get(parent[evNode[i]]);
          if (fold) fold.classList.toggle("future", nodeEvent[rejs[parent[evNode[i]]][0]] >= K);
        }
      }
      for (const id of onPath) if (!path.has(id) && els.has(id)) els.get(id).classList.remove("on");
      for (const id of path) if (els.has(id)) els.get(id).classList.add("on");
      if (els.has(curNode)) els.get(curNode).classList.remove("current");
      if (K > 0 && els.has(cur)) els.get(cur).classList.add("current");
      onPath = path;
      curNode = cur;
    }
    reveal(cur);
  }

  // Scrolls the tree, as little as it takes, to bring the node into sight.
  function reveal(id) {
    if (!els.has(id)) return;
    const x = X[id] * zoom, top = Y[id] * zoom, bottom = top + ITEMH * zoom;
    const mx = Math.min(160, panel.clientWidth / 4), my = 24;
    if (x < panel.scrollLeft + mx || x > panel.scrollLeft + panel.clientWidth - mx) {
      panel.scrollLeft = x - panel.clientWidth / 2;
    }
    if (top < panel.scrollTop + my) panel.scrollTop = top - my;
    else if (bottom > panel.scrollTop + panel.clientHeight - my) {
      panel.scrollTop = bottom + my - panel.clientHeight;
    }
  }

  svg.addEventListener("click", (event) => {
    const toggle = event.target.closest(".toggle");
    if (toggle) {
      const id = Number(toggle.dataset.node);
      userOpen.set(id, !isOpen(id));
      forcedKey = null;
      updateTree(K);
      return;
    }
    const fold = event.target.closest(".fold");
    if (fold) {
      const id = Number(fold.dataset.node);
      userList.set(id, !listOpen(id));
      forcedKey = null;
      updateTree(K);
      return;
    }
    const node = event.target.closest(".node");
    if (node) goTo(Number(node.dataset.step));
  });

  // ---------------------------------------------------------------- board
  const grid = D.grid; // [rows, cols, box rows, box cols] or null: rows of name = value
  const cellCount = grid ? grid[0] * grid[1] : D.vars.length;
  const board = $("board");
  {
    const html = [];
    if (grid) {
      const [R, C, BR, BC] = grid;
      const px = Math.max(16, Math.min(44, Math.floor(320 / Math.max(R, C, 1))));
      board.style.setProperty("--cell", px + "px");
      html.push(`<table class="grid${BR ? "" : " checkered"}" id="cells"><tbody>`);
      for (let r = 0; r < R; r++) {
        html.push("<tr>");
        for (let c = 0; c < C; c++) {
          let cls = "";
          if (!BR && (r + c) % 2 === 1) cls += " dark";
          if (BR && r > 0 && r % BR === 0) cls += " bt";
          if (BC && c > 0 && c % BC === 0) cls += " bl";
          html.push(`<td data-r="${r}" data-c="${c}"${cls ? ` class="${cls.trim()}"` : ""}></td>`);
        }
        html.push("</tr>");
      }
    } else {
      html.push('<table class="rows" id="cells"><tbody>');
      D.vars.forEach((name, v) => html.push(`<tr><th scope="row">${esc(name)} =</th><td data-var="${v}"></td></tr>`));
    }
    html.push("</tbody></table>");
    board.innerHTML = html.join("");
  }
  const cells = board.querySelectorAll("td");
  const assigned = new Int32Array(D.vars.length).fill(-1); // variable -> its step, or -1
  const owners = Array.from({ length: cellCount }, () => []); // cell -> variables marking it
  const dirty = new Set();
  let decorated = [];

  function put(v, s) {
    assigned[v] = s;
    const c = steps[s][2];
    if (c >= 0) {
      owners[c].push(v);
      dirty.add(c);
    }
  }

  function take(v) {
    const s = assigned[v];
    if (s < 0) return;
    assigned[v] = -1;
    const c = steps[s][2];
    if (c >= 0) {
      const o = owners[c], j = o.lastIndexOf(v);
      if (j >= 0) o.splice(j, 1);
      dirty.add(c);
    }
  }

  // Applies event i to the assignment, or takes it back.
  function apply(i, forward) {
    const e = ev[i];
    if (e[0] !== ASSIGN && e[0] !== UNDO) return;
    const v = steps[e[2]][0];
    if ((e[0] === ASSIGN) === forward) put(v, e[2]);
    else take(v);
  }

  function updateBoard() {
    for (const c of dirty) {
      const o = owners[c];
      cells[c].textContent = o.length ? steps[assigned[o[o.length - 1]]][3] : "";
    }
    dirty.clear();
    for (const c of decorated) {
      cells[c].classList.remove("new", "rejected", "undone", "solution");
      cells[c].removeAttribute("data-tried");
    }
    decorated = [];
    if (K === 0) return;
    const e = ev[K - 1];
    if (e[0] === SOLUTION) {
      for (let c = 0; c < cellCount; c++) {
        if (owners[c].length) {
          cells[c].classList.add("solution");
          decorated.push(c);
        }
      }
      return;
    }
    if (e[0] === NOTE) return;
    const c = steps[e[2]][2];
    if (c < 0) return;
    if (e[0] === ASSIGN) {
      cells[c].classList.add("new");
    } else {
      cells[c].classList.add(e[0] === REJECT ? "rejected" : "undone");
      cells[c].setAttribute("data-tried", steps[e[2]][3]);
    }
    decorated.push(c);
  }

  // ------------------------------------------------------------- controls
  const app = $("app"), said = $("event"), counter = $("counter"), scrub = $("scrub");
  let shown = false;

  function goTo(k) {
    k = Math.max(0, Math.min(N, Math.floor(Number(k)) || 0));
    if (k === K && shown) return;
    const prev = K;
    if (k > K) for (let i = K; i < k; i++) apply(i, true);
    else for (let i = K - 1; i >= k; i--) apply(i, false);
    K = k;
    app.dataset.step = K;
    said.textContent = words(K);
    said.dataset.step = K;
    said.dataset.kind = K > 0 ? KINDS[ev[K - 1][0]] : "start";
    const best = $("best");
    if (best) {
      best.textContent = "best so far: " + (bestAfter[K] === null ? "none" : "cost " + bestAfter[K]);
      best.dataset.step = K;
    }
    counter.textContent = `step ${K} of ${N}`;
    scrub.value = K;
    $("first").disabled = $("back").disabled = K === 0;
    $("forward").disabled = $("last").disabled = K === N;
    updateBoard();
    updateTree(prev);
    if (shown && location.hash !== "#step=" + K) {
      try {
        history.replaceState(null, "", "#step=" + K);
      } catch (_) {
        // A page that may not change its address still plays.
      }
    }
    shown = true;
  }

  // The next (dir 1) or previous (dir -1) event of a kind, from step K.
  function seek(kindWanted, dir) {
    for (let i = K - 1 + dir; i >= 0 && i < N; i += dir) {
      if (ev[i][0] === kindWanted) return goTo(i + 1);
    }
  }

  let playing = false, frame = 0, last = 0, rate = 16;
  function setPlaying(on) {
    if (on && K >= N) goTo(0);
    playing = on && N > 0;
    const button = $("play");
    button.innerHTML = playing ? "&#10074;&#10074; Pause" : "&#9654; Play";
    button.setAttribute("aria-pressed", String(playing));
    cancelAnimationFrame(frame);
    if (playing) {
      last = performance.now();
      frame = requestAnimationFrame(tick);
    }
  }

  function tick(now) {
    if (!playing) return;
    let due = Math.floor(((now - last) * rate) / 1000);
    if (due > 0) {
      if (due > rate) {
        due = rate;
        last = now;
      } else {
        last += (due * 1000) / rate;
      }
      goTo(K + due);
      if (K >= N) return setPlaying(false);
    }
    frame = requestAnimationFrame(tick);
  }

  function setRate() {
    rate = Math.round(2 ** (Number($("speed").value) / 4));
    $("rate").textContent = rate + " steps/s";
  }

  $("first").addEventListener("click", () => goTo(0));
  $("back").addEventListener("click", () => goTo(K - 1));
  $("forward").addEventListener("click", () => goTo(K + 1));
  $("last").addEventListener("click", () => goTo(N));
  $("play").addEventListener("click", () => setPlaying(!playing));
  $("next-solution").addEventListener("click", () => seek(SOLUTION, 1));
  $("prev-solution").addEventListener("click", () => seek(SOLUTION, -1));
  $("next-reject").addEventListener("click", () => seek(REJECT, 1));
  $("prev-reject").addEventListener("click", () => seek(REJECT, -1));
  $("speed").addEventListener("input", setRate);
  scrub.addEventListener("input", () => goTo(scrub.value));
  const rezoom = (by) => {
    zoom = Math.max(0.2, Math.min(3, zoom * by));
    applyZoom();
    reveal(curNode);
  };
  $("zoom-in").addEventListener("click", () => rezoom(1.25));
  $("zoom-out").addEventListener("click", () => rezoom(0.8));

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target && event.target.tagName === "INPUT") return; // sliders keep their keys
    switch (event.key) {
      case "ArrowRight": goTo(K + 1); break;
      case "ArrowLeft": goTo(K - 1); break;
      case " ": setPlaying(!playing); break;
      case "Home": goTo(0); break;
      case "End": goTo(N); break;
      default: return;
    }
    event.preventDefault();
  });
  // Space on a focused button plays or pauses once, not twice.
  document.addEventListener("keyup", (event) => {
    if (event.key === " " && event.target && event.target.tagName === "BUTTON") event.preventDefault();
  });

  const fromHash = () => {
    const m = /(?:^#|&)step=(\d+)/.exec(location.hash);
    return m ? Number(m[1]) : 0;
  };
  window.addEventListener("hashchange", () => goTo(fromHash()));

  setRate();
  goTo(fromHash());
  // When the page was ready and first painted, in ms from the start of
  // loading (for measuring; docs/traces.md gives the figures).
  const root = document.documentElement;
  root.dataset.readyMs = Math.round(performance.now());
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === "first-contentful-paint") root.dataset.firstPaintMs = Math.round(entry.startTime);
      }
    }).observe({ type: "paint", buffered: true });
  } catch (_) {
    // No paint timing in this browser.
  }
})();
