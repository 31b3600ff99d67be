// An SVG chess board drawn from a FEN. Pieces are the solid chess glyphs, filled white or black,
// so both colours look alike in every font. Squares carry data-square for clicks and tests.

import {s} from './dom.js';

const GLYPH = {k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F'};
const FILES = 'abcdefgh';
const SIZE = 45;

/** Pieces of a FEN's placement field as {square: 'P'|'k'|...}. */
export function placement(fen) {
  const out = {};
  const rows = String(fen || '').split(' ')[0].split('/');
  for (let r = 0; r < 8 && r < rows.length; r++) {
    let f = 0;
    for (const ch of rows[r]) {
      if (/[1-8]/.test(ch)) f += Number(ch);
      else if (/[kqrbnpKQRBNP]/.test(ch) && f < 8) out[FILES[f++] + (8 - r)] = ch;
    }
  }
  return out;
}

/** The placement field of a FEN from {square: piece}. */
export function placementFen(pieces) {
  const rows = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = '', empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = pieces[FILES[f] + rank];
      if (p) {
        if (empty) row += empty;
        row += p;
        empty = 0;
      } else empty++;
    }
    rows.push(row + (empty ? empty : ''));
  }
  return rows.join('/');
}

/**
 * A board. Options: onSquare(square) for clicks; legal (list of {uci}) with onMove(uci) to let the
 * user play moves by clicking the piece and then its target square; flipped.
 */
export function createBoard(options = {}) {
  const svg = s('svg', {viewBox: `0 0 ${8 * SIZE} ${8 * SIZE}`, class: 'board', role: 'img', 'aria-label': 'chess board'});
  const state = {fen: null, last: null, selected: null, legal: options.legal || [], flipped: !!options.flipped};

  function xy(square) {
    const f = FILES.indexOf(square[0]), r = Number(square[1]) - 1;
    return state.flipped ? [(7 - f) * SIZE, r * SIZE] : [f * SIZE, (7 - r) * SIZE];
  }

  /**
   * Chess960 castling comes as king-takes-rook (f1h1): clicking the king then its own rook plays it,
   * and so does the king's destination (g1 or c1), as on lichess. The castling move it names, or null.
   */
  function castlingTo(from, square) {
    const pieces = placement(state.fen);
    const king = pieces[from];
    if (!king || king.toLowerCase() !== 'k') return null;
    return state.legal.find(m => {
      const to = m.uci.slice(2, 4);
      if (m.uci.slice(0, 2) !== from || to[1] !== from[1] || pieces[to] !== (king === 'K' ? 'R' : 'r')) return false;
      return (FILES.indexOf(to[0]) > FILES.indexOf(from[0]) ? 'g' : 'c') + from[1] === square;
    }) || null;
  }

  function click(square) {
    if (options.onSquare) {
      options.onSquare(square);
      return;
    }
    if (!options.onMove) return;
    const from = state.selected;
    if (from && from !== square) {
      const moves = state.legal.filter(m => m.uci.slice(0, 2) === from && m.uci.slice(2, 4) === square);
      const castle = moves.length ? null : castlingTo(from, square);
      if (castle) moves.push(castle);
      if (moves.length) {
        // A promotion offers four moves; the board plays the queen (the moves table offers the rest).
        const move = moves.find(m => m.uci.length === 4 || m.uci[4] === 'q') || moves[0];
        state.selected = null;
        options.onMove(move.uci);
        return;
      }
    }
    state.selected = state.legal.some(m => m.uci.slice(0, 2) === square) && square !== from ? square : null;
    draw();
  }

  function draw() {
    const pieces = placement(state.fen);
    const targets = new Set(state.selected
      ? state.legal.filter(m => m.uci.slice(0, 2) === state.selected).map(m => m.uci.slice(2, 4)) : []);
    // A Chess960 castling's king destination is a target too (its rook's square already is).
    if (state.selected) {
      for (const f of ['c', 'g']) if (castlingTo(state.selected, f + state.selected[1])) targets.add(f + state.selected[1]);
    }
    const nodes = [];
    for (let r = 1; r <= 8; r++) {
      for (let f = 0; f < 8; f++) {
        const sq = FILES[f] + r;
        const [x, y] = xy(sq);
        let cls = (f + r) % 2 === 1 ? 'sq light' : 'sq dark';
        if (state.last && (state.last.slice(0, 2) === sq || state.last.slice(2, 4) === sq)) cls += ' last';
        if (state.selected === sq) cls += ' selected';
        nodes.push(s('rect', {x, y, width: SIZE, height: SIZE, class: cls, 'data-square': sq, onclick: () => click(sq)}));
        if (targets.has(sq)) nodes.push(s('circle', {cx: x + SIZE / 2, cy: y + SIZE / 2, r: 7, class: 'target', 'pointer-events': 'none'}));
      }
    }
    for (const [sq, p] of Object.entries(pieces)) {
      const [x, y] = xy(sq);
      const white = p === p.toUpperCase();
      nodes.push(s('text', {x: x + SIZE / 2, y: y + SIZE / 2 + 2, class: 'piece ' + (white ? 'white' : 'black'),
        'data-piece': p, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'pointer-events': 'none'}, GLYPH[p.toLowerCase()]));
    }
    for (let i = 0; i < 8; i++) {
      const file = state.flipped ? FILES[7 - i] : FILES[i];
      const rank = state.flipped ? i + 1 : 8 - i;
      nodes.push(s('text', {x: i * SIZE + SIZE - 3, y: 8 * SIZE - 3, class: 'coord', 'text-anchor': 'end', 'pointer-events': 'none'}, file));
      nodes.push(s('text', {x: 2, y: i * SIZE + 10, class: 'coord', 'pointer-events': 'none'}, String(rank)));
    }
    svg.replaceChildren(...nodes);
  }

  return {
    el: svg,
    /** Shows a position; lastMove (UCI) is highlighted; legal moves enable clicking. */
    set(fen, lastMove = null, legal = null) {
      state.fen = fen;
      state.last = lastMove;
      state.selected = null;
      if (legal) state.legal = legal;
      draw();
    },
    flip() {
      state.flipped = !state.flipped;
      draw();
    },
  };
}
