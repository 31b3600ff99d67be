// The tablebase page: set up a position (piece palette) or paste a FEN, see category, DTZ and
// DTM, the moves best first coloured by outcome, and step through the mainline.

import {h, notice} from './dom.js';
import {getJson, query} from './api.js';
import {createBoard, placement, placementFen} from './board.js';
import {navigate} from './app.js';

const START = '4k3/8/8/8/8/8/8/R3K3 w - - 0 1';
const PRESETS = [['KRvK', START], ['KQvK', '8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1'], ['KPvK', '8/8/8/4k3/8/8/4P3/4K3 w - - 0 1'],
  ['KBvK', '8/8/8/4k3/8/8/8/2B1K3 w - - 0 1']];
const PALETTE = ['K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p', ''];
const GLYPH = {k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F'};

/** How a category reads for the side that plays the move (lichess reports it for the opponent). */
const FOR_MOVER = {loss: 'win', 'blessed-loss': 'cursed-win', draw: 'draw', 'cursed-win': 'blessed-loss', win: 'loss', unknown: 'unknown'};

function dist(v) {
  return v === null || v === undefined ? '–' : String(v);
}

export async function tablebasePage(main, _arg, params) {
  const fen = params.get('fen') || START;
  const go = f => navigate('/tablebase' + query({fen: f}));
  let editing = false, brush = 'K';
  let pieces = placement(fen);
  const rest = fen.split(' ').slice(1);
  const side = rest[0] === 'b' ? 'b' : 'w';
  const editedFen = () => `${placementFen(pieces)} ${sideSelect.value} - - 0 1`;

  const board = createBoard({
    onMove: uci => go(fenAfter[uci]),
  });
  const fenAfter = {};
  const fenInput = h('input', {type: 'text', class: 'fen', name: 'fen', value: fen, spellcheck: 'false'});
  const sideSelect = h('select', {name: 'side'}, h('option', {value: 'w', selected: side === 'w'}, 'White to move'),
    h('option', {value: 'b', selected: side === 'b'}, 'Black to move'));
  const result = h('div', {id: 'tb-result'});
  const moves = h('div', {id: 'tb-moves'});
  const mainline = h('div', {id: 'tb-mainline'});
  const palette = h('div', {class: 'palette', hidden: true},
    ...PALETTE.map(p => h('button', {type: 'button', class: 'brush' + (p === brush ? ' on' : ''), 'data-brush': p || 'erase',
      onclick: e => { brush = p; for (const b of palette.children) b.classList.toggle('on', b === e.currentTarget); }},
    p ? h('span', {class: 'glyph ' + (p === p.toUpperCase() ? 'white' : 'black')}, GLYPH[p.toLowerCase()]) : '⌫')),
    sideSelect,
    h('button', {type: 'button', id: 'tb-clear', onclick: () => { pieces = {}; board.set(editedFen()); }}, 'Clear'),
    h('button', {type: 'button', id: 'tb-probe-edit', onclick: () => go(editedFen())}, 'Probe this position'));
  const editBoard = createBoard({onSquare: sq => {
    if (brush) pieces[sq] = brush; else delete pieces[sq];
    editBoard.set(editedFen());
  }});
  const editToggle = h('button', {type: 'button', id: 'tb-edit', onclick: () => {
    editing = !editing;
    palette.hidden = !editing;
    board.el.classList.toggle('hidden', editing);
    editBoard.el.classList.toggle('hidden', !editing);
    editToggle.textContent = editing ? 'Cancel setup' : 'Set up a position';
    editBoard.set(editedFen());
  }}, 'Set up a position');
  editBoard.el.classList.add('hidden');

  main.append(h('h1', {}, 'Tablebase'),
    h('div', {class: 'explorer'},
      h('div', {class: 'board-col'}, board.el, editBoard.el, palette,
        h('form', {class: 'fen-form', onsubmit: e => { e.preventDefault(); go(fenInput.value.trim()); }},
          fenInput, h('button', {type: 'submit', id: 'tb-probe'}, 'Probe')),
        h('div', {class: 'controls'}, editToggle, ...PRESETS.map(([name, f]) => h('button', {type: 'button', onclick: () => go(f)}, name)))),
      h('div', {class: 'side-col'}, result, mainline, moves)));

  let r;
  try {
    r = await getJson('/api/tablebase' + query({fen}));
  } catch (e) {
    board.set(null);
    result.replaceChildren(notice(e.message, 'error'));
    main.dataset.state = 'ready';
    return null;
  }
  const pos = await getJson('/api/position' + query({fen}));
  for (const m of pos.legal) fenAfter[m.uci] = m.fen;
  board.set(pos.fen, null, pos.legal);

  const state = r.checkmate ? 'checkmate' : r.stalemate ? 'stalemate' : r.insufficient_material ? 'insufficient material' : null;
  result.replaceChildren(
    h('p', {class: 'verdict cat-' + r.category, id: 'tb-category'}, `${pos.turn === 'white' ? 'White' : 'Black'} to move: ${r.category}`),
    h('table', {class: 'kv'}, h('tr', {}, h('th', {}, 'DTZ'), h('td', {id: 'tb-dtz'}, dist(r.dtz))),
      h('tr', {}, h('th', {}, 'DTM'), h('td', {id: 'tb-dtm'}, dist(r.dtm))),
      state ? h('tr', {}, h('th', {}, 'State'), h('td', {}, state)) : null),
    ...(r.reason ? [notice(r.reason)] : []));
  moves.replaceChildren(h('h2', {}, 'Moves, best first'), h('table', {class: 'data', id: 'tb-move-table'},
    h('thead', {}, h('tr', {}, ...['Move', 'Result for the mover', 'DTZ', 'DTM'].map(t => h('th', {}, t)))),
    h('tbody', {}, ...r.moves.map(m => h('tr', {class: 'clickable cat-' + FOR_MOVER[m.category], 'data-uci': m.uci,
      onclick: () => go(fenAfter[m.uci])},
      h('td', {class: 'san'}, m.san), h('td', {}, FOR_MOVER[m.category] + (m.checkmate ? ' (mate)' : m.stalemate ? ' (stalemate)' : '')),
      h('td', {class: 'num'}, dist(m.dtz)), h('td', {class: 'num'}, dist(m.dtm)))))));

  if (r.category !== 'unknown' && r.category !== 'draw' && !r.checkmate) {
    let line = null, step = 0;
    const shown = h('p', {class: 'line', id: 'tb-line'});
    const next = h('button', {type: 'button', id: 'tb-step', onclick: async () => {
      if (!line) line = (await getJson('/api/tablebase/mainline' + query({fen}))).mainline;
      if (step >= line.length) return;
      const m = line[step++];
      board.set(m.fen, m.uci, []);
      shown.replaceChildren(...line.map((x, i) => h('span', {class: i < step ? 'played' : 'muted'}, x.san + ' ')));
      next.textContent = step >= line.length ? 'End of mainline' : `Next mainline move (${step}/${line.length})`;
      next.disabled = step >= line.length;
    }}, 'Step through the mainline');
    const reset = h('button', {type: 'button', onclick: () => { step = 0; board.set(pos.fen, null, pos.legal); shown.replaceChildren();
      next.disabled = false; next.textContent = 'Step through the mainline'; }}, 'Reset');
    mainline.replaceChildren(h('div', {class: 'controls'}, next, reset), shown);
  }
  main.dataset.state = 'ready';
  return null;
}
