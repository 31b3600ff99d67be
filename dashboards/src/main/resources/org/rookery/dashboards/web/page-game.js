// The game viewer: board, move list, per-move clock and eval graphs, and the PGN text.

import {append, h, matchHref} from './dom.js';
import {getJson} from './api.js';
import {createBoard} from './board.js';
import {lineChart} from './charts.js';

function clockChart(moves) {
  const xs = moves.map(m => m.ply);
  const side = parity => moves.map(m => (m.ply % 2 === parity && m.clock_ms !== null ? m.clock_ms / 1000 : null));
  if (!moves.some(m => m.clock_ms !== null)) return null;
  // Each side's clock only changes on its own moves; carry it across the other side's plies.
  const carry = vals => { let last = null; return vals.map(v => (v === null ? last : (last = v))); };
  return h('figure', {}, h('figcaption', {}, 'Clocks (seconds left after each move)'), lineChart({
    xs, xLabel: 'ply', yLabel: 'seconds', title: 'Clocks',
    series: [{name: 'White', values: carry(side(1)), cls: 'white-line'}, {name: 'Black', values: carry(side(0)), cls: 'black-line'}],
  }));
}

function evalChart(moves) {
  if (!moves.some(m => m.eval_cp !== null || m.eval_mate !== null)) return null;
  const v = moves.map(m => (m.eval_mate !== null && m.eval_mate !== undefined ? Math.sign(m.eval_mate) * 10
    : m.eval_cp === null ? null : Math.max(-10, Math.min(10, m.eval_cp / 100))));
  return h('figure', {}, h('figcaption', {}, 'Evaluation (pawns, White\'s view; mates at ±10)'), lineChart({
    xs: moves.map(m => m.ply), xLabel: 'ply', yLabel: 'pawns', title: 'Evaluation',
    series: [{name: 'eval', values: v, cls: 's2'}], hlines: [{y: 0, label: '', cls: 'zero'}],
  }));
}

export async function gamePage(main, id) {
  const g = await getJson('/api/games/' + id.split('/').map(encodeURIComponent).join('/'));
  const board = createBoard();
  let ply = g.moves.length;
  const list = h('ol', {class: 'moves', id: 'move-list'});
  const items = g.moves.map((m, i) => h('li', {class: 'ply', 'data-ply': String(i + 1), onclick: () => go(i + 1)},
    (i % 2 === 0 ? `${Math.floor(i / 2) + 1}. ` : ''), m.san));
  list.append(...items);
  function go(n) {
    ply = Math.max(0, Math.min(g.moves.length, n));
    const m = g.moves[ply - 1];
    board.set(ply === 0 ? g.start_fen : m.fen, m ? m.uci : null);
    items.forEach((el, i) => el.classList.toggle('current', i + 1 === ply));
    plyLabel.textContent = `ply ${ply} / ${g.moves.length}`;
  }
  const plyLabel = h('span', {class: 'muted', id: 'ply-label'});
  const controls = h('div', {class: 'controls'},
    h('button', {onclick: () => go(0), title: 'start'}, '«'), h('button', {onclick: () => go(ply - 1), title: 'back', id: 'prev'}, '◀'),
    h('button', {onclick: () => go(ply + 1), title: 'forward', id: 'next'}, '▶'), h('button', {onclick: () => go(g.moves.length), title: 'end'}, '»'),
    ' ', plyLabel);
  const keys = e => {
    if (e.target.closest('input, textarea')) return;
    if (e.key === 'ArrowLeft') go(ply - 1);
    if (e.key === 'ArrowRight') go(ply + 1);
  };
  document.addEventListener('keydown', keys);
  const tags = [['Event', g.event], ['Site', g.site], ['Date', g.date], ['Round', g.round], ['Time control', g.time_control],
    ['Termination', g.termination], ['Source', g.source]];
  append(main, [
    h('h1', {id: 'game-title'}, h('span', {class: 'player'}, g.white || '?'),
      g.white_elo ? h('span', {class: 'muted'}, ` (${g.white_elo})`) : null, ' – ',
      h('span', {class: 'player'}, g.black || '?'), g.black_elo ? h('span', {class: 'muted'}, ` (${g.black_elo})`) : null,
      ' ', h('span', {class: 'result'}, g.result || '*')),
    g.match_id ? h('p', {}, 'Match ', h('a', {href: matchHref(g.match_id)}, g.match_id)) : null,
    h('div', {class: 'viewer'},
      h('div', {class: 'board-col'}, board.el, controls),
      h('div', {class: 'side-col'},
        h('table', {class: 'kv'}, ...tags.filter(t => t[1] !== null && t[1] !== undefined).map(([k, v]) => h('tr', {}, h('th', {}, k), h('td', {}, String(v))))),
        list,
        h('p', {}, h('a', {href: `/api/games/${id.split('/').map(encodeURIComponent).join('/')}?format=pgn`, download: 'game.pgn'}, 'Download PGN')))),
    h('div', {class: 'charts'}, clockChart(g.moves), evalChart(g.moves)),
    g.pgn ? h('details', {}, h('summary', {}, 'PGN'), h('pre', {class: 'pgn', id: 'pgn-text'}, g.pgn)) : null]);
  go(ply);
  main.dataset.state = 'ready';
  return () => document.removeEventListener('keydown', keys);
}
