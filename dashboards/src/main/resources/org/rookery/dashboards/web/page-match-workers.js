// The match page's worker table (issue 21): per worker games, pairs, time losses per 1,000 games,
// crashes, each engine's nps against the fleet, the chi-square residual, flags and quarantines.

import {h, fmt} from './dom.js';
import {getJson} from './api.js';

/** The worker table of match `id`, or null when the live feed has no games of it (no broker, or not distributed). */
export async function workersSection(id) {
  const w = await getJson('/api/workers/' + id.split('/').map(encodeURIComponent).join('/'));
  if (!w.workers.length) return null;
  const num = (x, d = 2) => x == null ? '–' : fmt(x, d);
  const rows = w.workers.map(r => h('tr', {class: r.quarantined ? 'quarantined' : r.flag ? 'flagged' : ''},
    h('td', {class: 'mono'}, r.worker_id), h('td', {}, `${r.games}`), h('td', {}, `${r.pairs}`),
    h('td', {}, num(r.time_losses_per_1000, 1)), h('td', {}, `${r.crashes}`),
    h('td', {}, Object.entries(r.nps_vs_fleet).map(([e, x]) => `${e} ${num(x)}`).join(', ') || '–'),
    h('td', {}, num(r.residual)),
    h('td', {}, r.quarantined ? 'quarantined: ' + r.quarantined : r.flag ? 'flagged: ' + r.flag : 'ok')));
  return h('section', {id: 'match-workers'}, h('h2', {}, 'Workers'),
    h('table', {class: 'grid'}, h('thead', {}, h('tr', {}, ...['Worker', 'Games', 'Pairs', 'Time losses / 1000', 'Crashes',
      'nps vs fleet', 'χ² residual', 'State'].map(t => h('th', {}, t)))), h('tbody', {}, ...rows)));
}
