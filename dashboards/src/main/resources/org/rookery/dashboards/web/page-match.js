// One match: statistics, LLR and Elo charts against games played, terminations and the games.

import {h, fmt, gameHref, notice} from './dom.js';
import {getJson} from './api.js';
import {subscribe} from './live.js';
import {lineChart, barChart} from './charts.js';
import {llrGauge, eloText} from './page-matches.js';
import {ledgerSections} from './page-match-ledger.js';
import {workersSection} from './page-match-workers.js';

/** Terminations grouped as the issue names them; anything else is a normal ending. */
const KINDS = [
  ['Time losses', t => t.includes('time')],
  ['Crashes and stalls', t => ['disconnect', 'stall', 'crash', 'engine_crash'].includes(t) || t.includes('crash')],
  ['Illegal moves', t => t.includes('illegal')],
  ['Adjudications', t => t.includes('adjudic')],
];

function kindOf(t) {
  for (const [name, test] of KINDS) if (test(t)) return name;
  return 'Played out';
}

function stats(m) {
  const row = (k, v) => h('tr', {}, h('th', {}, k), h('td', {}, v));
  return h('table', {class: 'kv', id: 'match-stats'},
    row('Engines', m.engines.join(' vs ') + (m.tested ? ` (tested: ${m.tested})` : '')),
    // The stop's reason says when the SPRT decided; the numbers below count every recorded game.
    row('Status', [h('span', {class: 'badge ' + m.status, id: 'match-status'}, m.status),
      m.stop_reason ? h('span', {id: 'match-stop-reason'}, ' ' + m.stop_reason) : null]),
    row('Time control', m.time_control || '–'),
    row('Games', h('span', {id: 'match-games'}, `${m.games}` + (m.planned_pairs ? ` of ${2 * m.planned_pairs}` : ''))),
    row('W / D / L', h('span', {id: 'match-wdl'}, `${m.wins} / ${m.draws} / ${m.losses}`)),
    row('Elo (' + m.model + ')', eloText(m)),
    row('LOS', m.los === null ? '–' : fmt(100 * m.los) + '%'),
    row('Pentanomial [LL, LD, DD+WL, WD, WW]', m.pentanomial.join(' · ')),
    row('SPRT', m.sprt ? h('span', {}, `elo0 ${m.sprt.elo0}, elo1 ${m.sprt.elo1}, α ${m.sprt.alpha}, β ${m.sprt.beta} (${m.sprt.model}) `,
      llrGauge(m.sprt)) : 'none (fixed number of games)'));
}

function charts(m) {
  const xs = m.history.map(p => p.games);
  const out = [];
  if (m.sprt) {
    out.push(h('figure', {}, h('figcaption', {}, 'LLR against games played'), lineChart({
      xs, xLabel: 'games', yLabel: 'LLR', title: 'LLR',
      series: [{name: 'LLR', values: m.history.map(p => p.llr), cls: 's1'}],
      hlines: [{y: m.sprt.upper_bound, label: 'H1 bound', cls: 'pass'}, {y: m.sprt.lower_bound, label: 'H0 bound', cls: 'fail'}],
    })));
  }
  out.push(h('figure', {}, h('figcaption', {}, 'Elo with its 95% interval against games played'), lineChart({
    xs, xLabel: 'games', yLabel: 'Elo', title: 'Elo',
    series: [{name: 'Elo', values: m.history.map(p => p.elo), cls: 's2'}],
    band: {lo: m.history.map(p => p.elo === null || p.elo_error === null ? null : p.elo - p.elo_error),
      hi: m.history.map(p => p.elo === null || p.elo_error === null ? null : p.elo + p.elo_error), cls: 's2'},
    hlines: [{y: 0, label: '0', cls: 'zero'}],
  })));
  return h('div', {class: 'charts'}, ...out);
}

function terminations(m) {
  const byKind = {};
  for (const [t, n] of Object.entries(m.terminations)) byKind[kindOf(t)] = (byKind[kindOf(t)] || 0) + n;
  const kinds = ['Played out', ...KINDS.map(k => k[0])];
  return h('section', {class: 'terminations'}, h('h2', {}, 'Terminations'),
    h('div', {class: 'charts'},
      h('figure', {}, barChart({labels: kinds.map(k => k.split(' ')[0]), yLabel: 'games',
        series: [{name: 'games', values: kinds.map(k => byKind[k] || 0), cls: 's1'}]})),
      h('table', {class: 'data', id: 'terminations'}, h('thead', {}, h('tr', {}, h('th', {}, 'Termination'), h('th', {}, 'Kind'), h('th', {}, 'Games'))),
        h('tbody', {}, ...Object.entries(m.terminations).map(([t, n]) =>
          h('tr', {}, h('td', {}, t), h('td', {}, kindOf(t)), h('td', {class: 'num'}, String(n))))))));
}

function games(m) {
  return h('section', {}, h('h2', {}, `Games (latest ${m.game_list.length})`),
    h('table', {class: 'data', id: 'match-games-list'},
      h('thead', {}, h('tr', {}, ...['#', 'White', 'Black', 'Result', 'Termination', 'Plies', 'Finished'].map(t => h('th', {}, t)))),
      h('tbody', {}, ...m.game_list.map(g => h('tr', {},
        h('td', {}, h('a', {href: gameHref(g.game_id)}, g.game_number === null ? g.game_id : String(g.game_number))),
        h('td', {}, g.white), h('td', {}, g.black), h('td', {}, g.result), h('td', {}, g.termination || '–'),
        h('td', {class: 'num'}, g.ply_count === null ? '–' : String(g.ply_count)), h('td', {}, g.finished_at || '–'))))));
}

export async function matchPage(main, id) {
  const body = h('div', {});
  main.append(h('p', {}, h('a', {href: '/matches'}, '← all matches')), h('h1', {}, 'Match ', h('span', {class: 'mono'}, id)), body,
    ledgerSections(id));
  async function load() {
    const m = await getJson('/api/matches/' + id.split('/').map(encodeURIComponent).join('/'));
    body.replaceChildren(stats(m), m.history.length ? charts(m) : notice('No games yet.'), terminations(m), games(m));
    const workers = await workersSection(id).catch(() => null);
    if (workers) body.insertBefore(workers, body.lastChild);
    main.dataset.state = 'ready';
  }
  await load();
  return subscribe(id, () => load().catch(e => body.replaceChildren(notice(e.message, 'error'))));
}
