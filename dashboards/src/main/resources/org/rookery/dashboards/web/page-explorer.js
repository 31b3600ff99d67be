// The opening explorer: the opening's name above a board to click moves on (or a FEN), the moves
// table with results and ratings, the top and latest games (linked to the game viewer), the
// results per month as a chart, and the filters (games: all, masters or one player; mean rating
// bands; speeds; months; sources). The whole state lives in the URL, which the page offers to copy.

import {gameHref, h, notice, pct} from './dom.js';
import {getJson, query} from './api.js';
import {createBoard} from './board.js';
import {barChart, wdlBar} from './charts.js';
import {apiParams, explorerApi, explorerFilterBar, readExplorerFilters} from './explorer-filters.js';
import {navigate} from './app.js';

function gamesList(id, title, games, sanOf) {
  if (!games || games.length === 0) return h('div', {id});
  return h('div', {id, class: 'explorer-games'}, h('h2', {}, title),
    h('table', {class: 'data'}, h('tbody', {}, ...games.map(g => h('tr', {'data-game': g.id},
      h('td', {class: 'san'}, sanOf[g.uci] || g.uci),
      h('td', {}, h('a', {href: gameHref(g.id)}, `${g.white.name || '?'}${g.white.rating ? ' (' + g.white.rating + ')' : ''}`
        + ` – ${g.black.name || '?'}${g.black.rating ? ' (' + g.black.rating + ')' : ''}`)),
      h('td', {class: 'num'}, g.winner === 'white' ? '1-0' : g.winner === 'black' ? '0-1' : '½-½'),
      h('td', {class: 'num muted'}, g.month || (g.year ? String(g.year) : '')))))));
}

// Results per month, or per year when there are many months.
function historyChart(history) {
  if (!history || history.length === 0) return h('div', {id: 'explorer-history'});
  let rows = history;
  if (rows.length > 36) {
    const byYear = new Map();
    for (const r of rows) {
      const y = r.month.slice(0, 4);
      const t = byYear.get(y) || {month: y, white: 0, draws: 0, black: 0};
      t.white += r.white; t.draws += r.draws; t.black += r.black;
      byYear.set(y, t);
    }
    rows = [...byYear.values()];
  }
  return h('div', {id: 'explorer-history'}, h('h2', {}, 'Results over time'), barChart({
    title: 'White wins, draws and Black wins per ' + (rows === history ? 'month' : 'year'),
    labels: rows.map(r => r.month), yLabel: 'games',
    series: [{name: 'white', values: rows.map(r => r.white), cls: 'wdl-w'},
      {name: 'draws', values: rows.map(r => r.draws), cls: 'wdl-d'},
      {name: 'black', values: rows.map(r => r.black), cls: 'wdl-b'}]}));
}

export async function explorerPage(main, _arg, params) {
  const fen = params.get('fen') || '';
  const play = (params.get('play') || '').split(',').filter(Boolean);
  const filters = readExplorerFilters(params);
  const url = (f, p, flt) => '/explorer' + query({fen: f, play: p, ...flt});
  const go = (p, flt = filters, f = fen) => navigate(url(f, p, flt));

  const board = createBoard({onMove: uci => go([...play, uci])});
  const fenInput = h('input', {type: 'text', class: 'fen', name: 'fen', placeholder: 'FEN (empty: initial position)', value: fen, spellcheck: 'false'});
  const tableHolder = h('div', {id: 'explorer-moves'});
  const path = h('p', {class: 'line', id: 'explorer-line'});
  const opening = h('p', {class: 'opening', id: 'explorer-opening'});
  const link = h('input', {type: 'text', readonly: true, id: 'explorer-link', value: location.href, size: 40});
  const copied = h('span', {class: 'muted', id: 'explorer-copied'});
  const copy = h('button', {type: 'button', id: 'explorer-copy', onclick: async () => {
    link.select();
    try {
      await navigator.clipboard.writeText(link.value);
      copied.textContent = ' copied';
    } catch (e) {
      copied.textContent = ' select the link and copy it';
    }
  }}, 'Copy link');
  const games = h('div', {class: 'explorer-game-lists'});
  const history = h('div', {});
  main.append(h('h1', {}, 'Opening explorer'), opening,
    h('div', {class: 'explorer'},
      h('div', {class: 'board-col'}, board.el,
        h('form', {class: 'fen-form', onsubmit: e => { e.preventDefault(); go([], filters, fenInput.value.trim()); }},
          fenInput, h('button', {type: 'submit'}, 'Go')),
        h('div', {class: 'controls'},
          h('button', {id: 'explorer-start', onclick: () => go([], filters, '')}, 'Initial position'),
          h('button', {id: 'explorer-back', disabled: play.length === 0, onclick: () => go(play.slice(0, -1))}, 'Back'),
          h('button', {onclick: () => board.flip()}, 'Flip')),
        h('p', {class: 'share'}, link, ' ', copy, copied)),
      h('div', {class: 'side-col'}, path, tableHolder, games, history, explorerFilterBar(filters, flt => go(play, flt)))));

  const player = filters.db === 'player';
  if (player && !filters.player) {
    const pos = await getJson('/api/position' + query({fen, play}));
    board.set(pos.fen, play.length ? play[play.length - 1] : null, pos.legal);
    tableHolder.replaceChildren(notice('Type a player or engine name to see their repertoire.'));
    main.dataset.state = 'ready';
    return null;
  }
  const extra = player ? {recentGames: 8} : {topGames: 8, recentGames: 8, history: 'true'};
  const [pos, r] = await Promise.all([
    getJson('/api/position' + query({fen, play})),
    getJson(explorerApi(filters) + query({fen, play, ...apiParams(filters), moves: 50, ...extra})).catch(e => ({error: e.message})),
  ]);
  board.set(pos.fen, play.length ? play[play.length - 1] : null, pos.legal);
  path.replaceChildren(play.length ? `Moves: ${play.join(' ')}` : (fen ? 'From the given FEN' : 'Initial position'),
    h('span', {class: 'muted'}, ` · ${pos.turn} to move`));
  if (r.error) {
    tableHolder.replaceChildren(notice(r.error, 'error'));
  } else {
    opening.replaceChildren(r.opening ? h('span', {}, h('span', {class: 'eco'}, r.opening.eco), ' ', r.opening.name) : '');
    const total = r.white + r.draws + r.black;
    const ratingHead = player ? 'Opp. rating' : 'Avg rating';
    tableHolder.replaceChildren(
      total === 0 ? notice('No games reached this position (with these filters).') : h('table', {class: 'data explorer-table', id: 'explorer-table'},
        h('thead', {}, h('tr', {}, ...['Move', 'Games', '', 'White / draw / black', ratingHead, 'Perf.'].map(t => h('th', {}, t)))),
        h('tbody', {}, ...r.moves.map(m => {
          const n = m.white + m.draws + m.black;
          const rating = player ? m.averageOpponentRating : m.averageRating;
          return h('tr', {class: 'clickable', 'data-uci': m.uci, title: m.opening ? m.opening.name : '', onclick: () => go([...play, m.uci])},
            h('td', {class: 'san'}, m.san), h('td', {class: 'num'}, String(n)), h('td', {class: 'num muted'}, pct(n, total, 0)),
            h('td', {}, wdlBar(m.white, m.draws, m.black)), h('td', {class: 'num'}, rating === null ? '–' : String(rating)),
            h('td', {class: 'num'}, m.performance === null ? '–' : String(m.performance)));
        })),
        h('tfoot', {}, h('tr', {}, h('td', {}, 'Σ'), h('td', {class: 'num', id: 'explorer-total'}, String(total)), h('td', {}),
          h('td', {}, wdlBar(r.white, r.draws, r.black)), h('td', {}), h('td', {})))));
    const sanOf = {};
    for (const m of pos.legal) sanOf[m.uci] = m.san;
    games.replaceChildren(gamesList('explorer-top-games', 'Top games', r.topGames, sanOf),
      gamesList('explorer-recent-games', 'Recent games', r.recentGames, sanOf));
    history.replaceChildren(historyChart(r.history));
  }
  main.dataset.state = 'ready';
  return null;
}
