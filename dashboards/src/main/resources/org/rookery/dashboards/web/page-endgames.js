// Endgames: each material signature with its outcome rates and, where tables exist, how often a
// table win was not won.

import {h, notice, pct} from './dom.js';
import {getJson, query} from './api.js';
import {wdlBar} from './charts.js';
import {filterBar, readFilters} from './filters.js';
import {navigate} from './app.js';

export async function endgamesPage(main, _arg, params) {
  const filters = readFilters(params);
  const holder = h('div', {});
  main.append(h('h1', {}, 'Endgames'),
    h('p', {class: 'muted'}, 'Material signatures of at most five pieces that games reached (White first), their results, and — where Rookery\'s endgame tables cover the signature — how often a side that entered it with a table win did not win the game.'),
    h('div', {class: 'with-filters'}, holder, filterBar(filters, flt => navigate('/endgames' + query(flt)))));
  let r;
  try {
    r = await getJson('/api/endgames' + query({...filters, limit: 200}));
  } catch (e) {
    holder.replaceChildren(notice(e.message, 'error'));
    main.dataset.state = 'ready';
    return null;
  }
  holder.replaceChildren(r.signatures.length === 0 ? notice('No endgames with these filters.') :
    h('table', {class: 'data', id: 'endgames-table'},
      h('thead', {}, h('tr', {}, ...['Material', 'Pieces', 'Games', 'White / draw / black', 'Table wins', 'Not won'].map(t => h('th', {}, t)))),
      h('tbody', {}, ...r.signatures.map(s => h('tr', {'data-material': s.material},
        h('td', {class: 'mono'}, s.material), h('td', {class: 'num'}, String(s.pieces)), h('td', {class: 'num'}, String(s.games)),
        h('td', {}, wdlBar(s.white, s.draws, s.black)),
        h('td', {class: 'num'}, s.tb_wins === null ? 'no table' : String(s.tb_wins)),
        h('td', {class: 'num'}, s.tb_wins === null ? '–' : `${s.tb_wins_not_won} (${pct(s.tb_wins_not_won, s.tb_wins, 0)})`))))));
  main.dataset.state = 'ready';
  return null;
}
