/* bgref board drawing: GNU Backgammon Position ID -> checkers -> SVG.
 *
 *   const pos = BgBoard.decodePositionId("4HPwATDgc/ABMA");  // {onRoll, notOnRoll}
 *   const sides = BgBoard.sides(pos, "white");                 // {white, black}
 *   BgBoard.draw(svgElement, sides);
 *
 * Each side's array has 26 slots in that side's own numbering: [0] borne off, [1..24] points,
 * [25] bar. White's point p is black's point 25 - p. Drawn from white's view: white's home
 * board (points 1-6) bottom right, white moving anticlockwise towards it.
 */
(function (global) {
  "use strict";

  const SVG_NS = "http://www.w3.org/2000/svg";
  const CHECKERS = 15;

  /* The Position ID is base64 (no padding) of 10 bytes: the side NOT on roll first, then the
   * side on roll; 25 slots each (points 1-24, then the bar), each as one 1-bit per checker then
   * a 0-bit, least significant bit of each byte first. */
  function decodePositionId(id) {
    if (typeof id !== "string" || !/^[A-Za-z0-9+/]{14}$/.test(id)) {
      throw new Error("a Position ID is 14 base64 characters, got " + JSON.stringify(id));
    }
    const raw = atob(id + "==");
    const bits = [];
    for (let i = 0; i < raw.length; i++) {
      const byte = raw.charCodeAt(i);
      for (let b = 0; b < 8; b++) bits.push((byte >> b) & 1);
    }
    let k = 0;
    const sides = [];
    for (let s = 0; s < 2; s++) {
      const counts = new Array(26).fill(0);
      for (let slot = 1; slot <= 25; slot++) {
        while (k < bits.length && bits[k] === 1) {
          counts[slot]++;
          k++;
        }
        if (k >= bits.length) throw new Error("Position ID " + id + " runs out of bits");
        k++; // the 0-bit that ends this slot
      }
      let on = 0;
      for (let slot = 1; slot <= 25; slot++) on += counts[slot];
      if (on > CHECKERS) throw new Error("Position ID " + id + " has " + on + " checkers on one side");
      counts[0] = CHECKERS - on;
      sides.push(counts);
    }
    return { notOnRoll: sides[0], onRoll: sides[1] };
  }

  /* Name the two arrays by colour: `onRoll` is "white" or "black" (the snapshot's turn, or
   * white before the opening roll). */
  function sides(pos, onRoll) {
    return onRoll === "black"
      ? { white: pos.notOnRoll, black: pos.onRoll }
      : { white: pos.onRoll, black: pos.notOnRoll };
  }

  // Geometry (viewBox 340 x 262).
  const W = 340, H = 262, EDGE = 13, BAR = 20, TRAY = 24, PW = 23.5, PH = 96, R = 10.5;
  const LEFT0 = EDGE;                     // left half starts
  const RIGHT0 = EDGE + 6 * PW + BAR;     // right half starts
  const TRAY0 = RIGHT0 + 6 * PW + 4;      // borne-off tray

  function el(name, attrs, text) {
    const node = document.createElementNS(SVG_NS, name);
    for (const key in attrs) node.setAttribute(key, attrs[key]);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Left edge x of white's point p, and whether it is on the top row.
  function pointX(p) {
    if (p <= 6) return { x: RIGHT0 + (6 - p) * PW, top: false };
    if (p <= 12) return { x: LEFT0 + (12 - p) * PW, top: false };
    if (p <= 18) return { x: LEFT0 + (p - 13) * PW, top: true };
    return { x: RIGHT0 + (p - 19) * PW, top: true };
  }

  // `where` is white's point number (1-24) or "bar"; kept on each checker for tests and tools.
  function stack(group, cx, top, count, colour, maxShown, where) {
    const step = 2 * R;
    const shown = Math.min(count, maxShown);
    for (let i = 0; i < shown; i++) {
      const cy = top ? EDGE + R + i * step : H - EDGE - R - i * step;
      group.appendChild(el("circle", {
        cx: cx, cy: cy, r: R - 0.6, class: "checker " + colour, "data-point": where,
      }));
    }
    if (count > maxShown) {
      const i = shown - 1;
      const cy = top ? EDGE + R + i * step : H - EDGE - R - i * step;
      group.appendChild(el("text", { x: cx, y: cy + 4, class: "count " + colour }, String(count)));
    }
  }

  /* Draw `s` ({white, black} arrays as from sides()) into the <svg> element. */
  function draw(svg, s) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    svg.appendChild(el("rect", { x: 0, y: 0, width: W, height: H, rx: 8, class: "frame" }));
    svg.appendChild(el("rect", { x: LEFT0, y: EDGE, width: 6 * PW, height: H - 2 * EDGE, class: "felt" }));
    svg.appendChild(el("rect", { x: RIGHT0, y: EDGE, width: 6 * PW, height: H - 2 * EDGE, class: "felt" }));
    svg.appendChild(el("rect", { x: TRAY0, y: EDGE, width: TRAY - 2, height: H - 2 * EDGE, class: "tray" }));
    const pts = el("g", { class: "points" });
    for (let p = 1; p <= 24; p++) {
      const { x, top } = pointX(p);
      const tip = top ? EDGE + PH : H - EDGE - PH;
      const base = top ? EDGE : H - EDGE;
      pts.appendChild(el("polygon", {
        points: x + "," + base + " " + (x + PW) + "," + base + " " + (x + PW / 2) + "," + tip,
        class: "point " + (p % 2 ? "odd" : "even"),
      }));
      const labelY = top ? EDGE - 3.5 : H - 3.5; // in the frame, clear of the checkers
      pts.appendChild(el("text", { x: x + PW / 2, y: labelY, class: "label" }, String(p)));
    }
    svg.appendChild(pts);
    if (!s) return;
    const men = el("g", { class: "checkers" });
    for (let p = 1; p <= 24; p++) {
      const { x, top } = pointX(p);
      const cx = x + PW / 2;
      if (s.white[p]) stack(men, cx, top, s.white[p], "white", 5, p);
      if (s.black[25 - p]) stack(men, cx, top, s.black[25 - p], "black", 5, p);
    }
    // The bar: white's checkers wait on the top half (they re-enter in black's home, top
    // right), black's on the bottom half.
    const barX = LEFT0 + 6 * PW + BAR / 2;
    if (s.white[25]) stack(men, barX, true, s.white[25], "white", 3, "bar");
    if (s.black[25]) stack(men, barX, false, s.black[25], "black", 3, "bar");
    // Borne off: thin slabs in the tray, white at the bottom, black at the top.
    const trayX = TRAY0 + 2, slab = 5.4;
    for (const [colour, top] of [["white", false], ["black", true]]) {
      const n = s[colour][0];
      for (let i = 0; i < n; i++) {
        const y = top ? EDGE + 2 + i * (slab + 0.6) : H - EDGE - 2 - slab - i * (slab + 0.6);
        men.appendChild(el("rect", { x: trayX, y: y, width: TRAY - 6, height: slab, rx: 1.5, class: "off " + colour }));
      }
    }
    svg.appendChild(men);
  }

  /* A die face as a small SVG string-free element (value 1-6). */
  function die(value, size) {
    const svg = el("svg", { viewBox: "0 0 30 30", width: size, height: size, class: "die", "data-value": value });
    svg.appendChild(el("rect", { x: 1, y: 1, width: 28, height: 28, rx: 6, class: "die-body" }));
    const spots = {
      1: [[15, 15]], 2: [[8, 8], [22, 22]], 3: [[8, 8], [15, 15], [22, 22]],
      4: [[8, 8], [22, 8], [8, 22], [22, 22]], 5: [[8, 8], [22, 8], [15, 15], [8, 22], [22, 22]],
      6: [[8, 7], [22, 7], [8, 15], [22, 15], [8, 23], [22, 23]],
    }[value] || [];
    for (const [cx, cy] of spots) svg.appendChild(el("circle", { cx: cx, cy: cy, r: 2.8, class: "pip" }));
    return svg;
  }

  global.BgBoard = { decodePositionId: decodePositionId, sides: sides, draw: draw, die: die };
})(window);
