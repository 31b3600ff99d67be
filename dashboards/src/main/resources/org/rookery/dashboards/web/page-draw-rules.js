// Draw-rule statistics: how often threefold, fivefold, 50-move and 75-move situations arise, by
// rating band, time control or year; the maximum halfmove clock; sample games.

import {h, gameHref, notice, pct} from './dom.js';
import {getJson, query} from './api.js';
import {barChart} from './charts.js';
import {filterBar, readFilters} from './filters.js';
import {navigate} from './app.js';

const RULES = [['threefold', 'Threefold repetition', 's1', 'threefold'], ['fivefold', 'Fivefold repetition', 's2', 'fivefold'],
  ['fifty', '50-move rule', 's3', '50-move'], ['seventyfive', '75-move rule', 's4', '75-move']];
const GROUPS = [['speed', 'time control'], ['rating_band', 'rating band'], ['year', 'year'], ['source', 'source']];

export async function drawRulesPage(main, _arg, params) {
  const filters = readFilters(params);
  const by = params.get('by') || 'speed';
  const go = (flt, b) => navigate('/draw-rules' + query({...flt, by: b}));
  const holder = h('div', {});
  main.append(h('h1', {}, 'Draw rules'),
    h('p', {class: 'muted'}, 'How often games reach the repetition and 50/75-move situations: a rule counts once a game reaches it, whether or not anyone claimed.'),
    h('div', {class: 'with-filters'}, holder,
      h('div', {}, h('label', {}, 'Group by ', h('select', {id: 'group-by', onchange: e => go(filters, e.target.value)},
        ...GROUPS.map(([v, t]) => h('option', {value: v, selected: v === by}, t)))), filterBar(filters, flt => go(flt, by)))));
  let r;
  try {
    r = await getJson('/api/draw-rules/summary' + query({...filters, by, samples: 8}));
  } catch (e) {
    holder.replaceChildren(notice(e.message, 'error'));
    main.dataset.state = 'ready';
    return null;
  }
  const label = k => (k === null ? 'unknown' : String(k));
  holder.replaceChildren(
    h('div', {class: 'cards', id: 'draw-cards'}, h('div', {class: 'card'}, h('div', {class: 'big'}, String(r.games)), 'games'),
      ...RULES.map(([k, name]) => h('div', {class: 'card', 'data-rule': k}, h('div', {class: 'big'}, pct(r[k], r.games)),
        `${name} (${r[k]}` + (r[k + '_claimed'] !== undefined ? `, ${r[k + '_claimed']} claimed)` : ')')))),
    r.games === 0 ? notice('No games with these filters.') : h('div', {class: 'charts'},
      h('figure', {}, h('figcaption', {}, `Share of games reaching each rule, by ${GROUPS.find(g => g[0] === by)[1]}`),
        barChart({labels: r.groups.map(g => label(g.key)), yLabel: '% of games', format: v => v.toFixed(1) + '%',
          series: RULES.map(([k, , cls, name]) => ({name, cls, values: r.groups.map(g => (g.games ? 100 * g[k] / g.games : 0))}))})),
      h('figure', {}, h('figcaption', {}, 'Maximum halfmove clock reached in a game'),
        barChart({labels: r.max_halfmove_histogram.map(b => (b.to === null ? `${b.from}+` : `${b.from}`)), yLabel: 'games',
          series: [{name: 'games', cls: 's3', values: r.max_halfmove_histogram.map(b => b.games)}]}))),
    h('h2', {}, 'Sample games'),
    h('div', {class: 'samples', id: 'draw-samples'}, ...RULES.map(([k, name]) => h('div', {},
      h('h3', {}, name),
      r.samples[k].length ? h('ul', {}, ...r.samples[k].map(s => h('li', {},
        h('a', {href: gameHref(s.game_id)}, s.game_id), ` — ply ${s.ply}, ${s.result || '*'}`))) : h('p', {class: 'muted'}, 'none')))));
  main.dataset.state = 'ready';
  return null;
}
