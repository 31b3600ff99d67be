// Endgames: each material signature (stronger side first) with its outcome rates and, where
// Rookery's endgame tables cover the entry position, how often a table win was not won.

import {h, notice, pct} from './dom.js';
import {getJson, query} from './api.js';
import {wdlBar} from './charts.js';
import {navigate} from './app.js';

export async function endgamesPage(main, _arg, params) {
  const pieces = params.get('pieces') || '';
  const minGames = params.get('min_games') || '';
  const go = (p, m) => navigate('/endgames' + query({pieces: p, min_games: m}));
  const holder = h('div', {});
  const piecesSel = h('select', {id: 'eg-pieces', onchange: e => go(e.target.value, minGames)},
    h('option', {value: ''}, 'any'), ...[3, 4, 5, 6, 7].map(n => h('option', {value: String(n), selected: String(n) === pieces}, `≤ ${n}`)));
  main.append(h('h1', {}, 'Endgames'),
    h('p', {class: 'muted'}, 'The material at each game\'s first position with few pieces (stronger side first), how those games ended, and — where Rookery\'s endgame tables cover the entry position — how often a side that entered with a table win did not win.'),
    h('div', {class: 'controls'}, h('label', {}, 'Pieces ', piecesSel), ' ',
      h('label', {}, 'At least ', h('input', {type: 'number', min: 1, value: minGames || '1', id: 'eg-min',
        onchange: e => go(pieces, e.target.value)}), ' games')),
    holder);
  let r;
  try {
    r = await getJson('/api/endgames' + query({pieces, min_games: minGames, limit: 300}));
  } catch (e) {
    holder.replaceChildren(notice(e.message, 'error'));
    main.dataset.state = 'ready';
    return null;
  }
  holder.replaceChildren(r.signatures.length === 0 ? notice('No endgames found.') :
    h('table', {class: 'data', id: 'endgames-table'},
      h('thead', {}, h('tr', {}, ...['Signature', 'Pieces', 'Games', 'Stronger side wins / draws / loses', 'Table wins', 'Not won']
        .map(t => h('th', {}, t)))),
      h('tbody', {}, ...r.signatures.map(s => h('tr', {'data-signature': s.signature},
        h('td', {class: 'mono'}, s.signature), h('td', {class: 'num'}, String(s.pieces)), h('td', {class: 'num'}, String(s.games)),
        h('td', {}, wdlBar(s.first_side_wins, s.draws, s.first_side_losses)),
        h('td', {class: 'num'}, s.tb_positions === null ? 'no table' : String(s.tb_wins)),
        h('td', {class: 'num'}, s.tb_positions === null || s.tb_wins === 0 ? '–' : `${s.tb_wins_not_won} (${pct(s.tb_wins_not_won, s.tb_wins, 0)})`))))));
  main.dataset.state = 'ready';
  return null;
}
