// Every match with W/D/L, Elo ± error, LOS, pentanomial and SPRT; refreshed live from /api/live.

import {h, fmt, matchHref, notice} from './dom.js';
import {getJson} from './api.js';
import {subscribe} from './live.js';

export function llrGauge(sprt) {
  if (!sprt || sprt.llr === null) return h('span', {class: 'muted'}, '–');
  const span = sprt.upper_bound - sprt.lower_bound;
  const where = Math.max(0, Math.min(1, (sprt.llr - sprt.lower_bound) / span));
  const cls = sprt.decision === 'H1' ? 'pass' : sprt.decision === 'H0' ? 'fail' : 'open';
  return h('span', {class: 'llr ' + cls},
    h('meter', {min: 0, max: 1, value: where.toFixed(3), title: 'LLR between its bounds'}),
    ` ${fmt(sprt.llr, 2)} (${fmt(sprt.lower_bound, 2)}, ${fmt(sprt.upper_bound, 2)})`,
    sprt.decision ? h('span', {class: 'badge ' + cls}, sprt.decision === 'H1' ? 'passed' : 'failed') : null);
}

export function eloText(m) {
  if (m.elo === null || m.elo === undefined) return '–';
  return `${m.elo >= 0 ? '+' : ''}${fmt(m.elo)} ± ${fmt(m.elo_error)}`;
}

function table(matches) {
  if (!matches.length) return notice('No matches yet: run a gauntlet, or start the dashboard with --bootstrap to follow live games.');
  return h('table', {class: 'data', id: 'matches'},
    h('thead', {}, h('tr', {}, ...['Match', 'Engines', 'Status', 'Games', 'W / D / L', 'Elo', 'LOS', 'Pentanomial', 'SPRT (LLR, bounds)']
      .map(t => h('th', {}, t)))),
    h('tbody', {}, ...matches.map(m => h('tr', {'data-match': m.id},
      h('td', {}, h('a', {href: matchHref(m.id)}, m.id)),
      h('td', {}, m.engines.join(' vs ')),
      h('td', {}, h('span', {class: 'badge ' + m.status}, m.status)),
      h('td', {class: 'num'}, String(m.games)),
      h('td', {class: 'num wdl-text-cell'}, `${m.wins} / ${m.draws} / ${m.losses}`),
      h('td', {class: 'num'}, eloText(m)),
      h('td', {class: 'num'}, m.los === null ? '–' : fmt(100 * m.los) + '%'),
      h('td', {class: 'num'}, m.pentanomial.join(' · ')),
      h('td', {}, llrGauge(m.sprt))))));
}

export async function matchesPage(main) {
  const title = h('h1', {}, 'Matches');
  const feed = h('p', {class: 'muted'});
  const holder = h('div', {});
  main.append(title, feed, holder);
  async function load() {
    const r = await getJson('/api/matches');
    feed.textContent = !r.live.configured ? 'Live feed off (start with --bootstrap HOST:PORT to follow running matches).'
      : r.live.connected ? 'Live: updates as games finish.' : 'Live feed: connecting to the broker…';
    holder.replaceChildren(table(r.matches));
    main.dataset.state = 'ready';
  }
  await load();
  return subscribe(null, () => load().catch(e => holder.replaceChildren(notice(e.message, 'error'))));
}
