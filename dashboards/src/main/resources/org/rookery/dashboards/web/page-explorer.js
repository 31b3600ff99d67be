// The opening explorer: a board to click moves on (or a FEN), the moves table with results and
// average rating, and the filters; the position and filters live in the URL.

import {h, notice, pct} from './dom.js';
import {getJson, query} from './api.js';
import {createBoard} from './board.js';
import {wdlBar} from './charts.js';
import {filterBar, readFilters} from './filters.js';
import {navigate} from './app.js';

export async function explorerPage(main, _arg, params) {
  const fen = params.get('fen') || '';
  const play = (params.get('play') || '').split(',').filter(Boolean);
  const filters = readFilters(params);
  const url = (f, p, flt) => '/explorer' + query({fen: f, play: p, ...flt});
  const go = (p, flt = filters, f = fen) => navigate(url(f, p, flt));

  const board = createBoard({onMove: uci => go([...play, uci])});
  const fenInput = h('input', {type: 'text', class: 'fen', name: 'fen', placeholder: 'FEN (empty: initial position)', value: fen, spellcheck: 'false'});
  const tableHolder = h('div', {id: 'explorer-moves'});
  const path = h('p', {class: 'line', id: 'explorer-line'});
  main.append(h('h1', {}, 'Opening explorer'),
    h('div', {class: 'explorer'},
      h('div', {class: 'board-col'}, board.el,
        h('form', {class: 'fen-form', onsubmit: e => { e.preventDefault(); go([], filters, fenInput.value.trim()); }},
          fenInput, h('button', {type: 'submit'}, 'Go')),
        h('div', {class: 'controls'},
          h('button', {id: 'explorer-start', onclick: () => go([], filters, '')}, 'Initial position'),
          h('button', {id: 'explorer-back', disabled: play.length === 0, onclick: () => go(play.slice(0, -1))}, 'Back'),
          h('button', {onclick: () => board.flip()}, 'Flip'))),
      h('div', {class: 'side-col'}, path, tableHolder, filterBar(filters, flt => go(play, flt)))));

  const [pos, r] = await Promise.all([
    getJson('/api/position' + query({fen, play})),
    getJson('/api/explorer' + query({fen, play, ...filters, moves: 50})).catch(e => ({error: e.message})),
  ]);
  board.set(pos.fen, play.length ? play[play.length - 1] : null, pos.legal);
  const sanOf = {};
  for (const m of pos.legal) sanOf[m.uci] = m.san;
  path.replaceChildren(play.length ? `Moves: ${play.join(' ')}` : (fen ? 'From the given FEN' : 'Initial position'),
    h('span', {class: 'muted'}, ` · ${pos.turn} to move`));
  if (r.error) {
    tableHolder.replaceChildren(notice(r.error, 'error'));
  } else {
    const total = r.white + r.draws + r.black;
    tableHolder.replaceChildren(
      total === 0 ? notice('No games reached this position (with these filters).') : h('table', {class: 'data explorer-table', id: 'explorer-table'},
        h('thead', {}, h('tr', {}, ...['Move', 'Games', '', 'White / draw / black', 'Avg rating'].map(t => h('th', {}, t)))),
        h('tbody', {}, ...r.moves.map(m => {
          const n = m.white + m.draws + m.black;
          return h('tr', {class: 'clickable', 'data-uci': m.uci, onclick: () => go([...play, m.uci])},
            h('td', {class: 'san'}, m.san), h('td', {class: 'num'}, String(n)), h('td', {class: 'num muted'}, pct(n, total, 0)),
            h('td', {}, wdlBar(m.white, m.draws, m.black)), h('td', {class: 'num'}, m.averageRating === null ? '–' : String(m.averageRating)));
        })),
        h('tfoot', {}, h('tr', {}, h('td', {}, 'Σ'), h('td', {class: 'num', id: 'explorer-total'}, String(total)), h('td', {}),
          h('td', {}, wdlBar(r.white, r.draws, r.black)), h('td', {})))));
  }
  main.dataset.state = 'ready';
  return null;
}
