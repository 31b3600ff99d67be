// Tuning runs (rookery tune): the list, and a page per run with θ of each parameter against the
// pairs counted, drawn from /api/tune/{run}; both follow the run live (SSE 'spsa' events) when
// the dashboard reads a broker.

import {getJson} from './api.js';
import {h, fmt, matchHref, notice} from './dom.js';
import {lineChart} from './charts.js';
import {subscribe} from './live.js';

export function tuneHref(id) {
  return '/tune/' + encodeURIComponent(id);
}

function feedText(live) {
  return !live.configured ? 'Runs from the spsa table (rookery tune --data, rookery sink); start with --bootstrap HOST:PORT to follow running ones.'
    : live.connected ? 'Live: updates as pairs are counted.' : 'Live feed: connecting to the broker…';
}

function values(theta) {
  return theta.map(v => fmt(v, 3)).join(', ');
}

function runsTable(runs) {
  if (!runs.length) return notice('No tuning runs yet: run rookery tune … --data DIR, or start the dashboard with --bootstrap to follow one live.');
  return h('table', {class: 'data', id: 'tune-runs'},
    h('thead', {}, h('tr', {}, ...['Run', 'Parameters', 'Pairs', 'θ now'].map(t => h('th', {}, t)))),
    h('tbody', {}, ...runs.map(r => h('tr', {'data-run': r.run_id},
      h('td', {}, h('a', {href: tuneHref(r.run_id)}, r.run_id), r.live ? h('span', {class: 'badge running'}, 'live') : null),
      h('td', {}, r.parameters.join(', ')),
      h('td', {class: 'num'}, `${r.counted} / ${r.pairs}`),
      h('td', {class: 'num'}, values(r.theta))))));
}

export async function tuneRunsPage(main) {
  const feed = h('p', {class: 'muted'});
  const holder = h('div', {});
  main.append(h('h1', {}, 'Tuning runs'), feed, holder);
  async function load() {
    const r = await getJson('/api/tune/runs');
    feed.textContent = feedText(r.live);
    holder.replaceChildren(runsTable(r.runs));
    main.dataset.state = 'ready';
  }
  await load();
  return subscribe(null, () => load().catch(e => holder.replaceChildren(notice(e.message, 'error'))), ['spsa']);
}

function charts(run) {
  const xs = [0, ...run.points.map(p => p.counted)];
  return run.parameters.map((name, i) => h('figure', {'data-parameter': name},
    h('figcaption', {}, `${name}: ${fmt(run.start[i], 3)} → ${fmt(run.theta[i], 3)}`),
    lineChart({
      xs,
      series: [{name, values: [run.start[i], ...run.points.map(p => p.theta[i])], cls: 's1'}],
      hlines: [{y: run.start[i], label: 'start', cls: 'zero'}],
      zero: false, xLabel: 'pairs counted', yLabel: 'θ ' + name, title: `θ of ${name} against the pairs counted`,
    })));
}

export async function tuneRunPage(main, id) {
  const title = h('h1', {}, 'Tuning run ', id);
  const summary = h('p', {class: 'muted'});
  const holder = h('div', {class: 'charts'});
  const final = h('div', {});
  main.append(title, summary, holder, final);
  async function load() {
    const r = await getJson('/api/tune/' + encodeURIComponent(id));
    summary.replaceChildren(`${r.counted} of ${r.pairs} pairs counted${r.live ? ' (live)' : ''}; its games: `,
      h('a', {href: matchHref(id)}, 'the match page'), '.');
    holder.replaceChildren(...charts(r));
    final.replaceChildren(h('table', {class: 'data', id: 'tune-theta'},
      h('thead', {}, h('tr', {}, ...['Parameter', 'start', 'θ now'].map(t => h('th', {}, t)))),
      h('tbody', {}, ...r.parameters.map((p, i) => h('tr', {'data-parameter': p},
        h('td', {}, p), h('td', {class: 'num'}, fmt(r.start[i], 3)), h('td', {class: 'num'}, fmt(r.theta[i], 3)))))));
    main.dataset.state = 'ready';
    main.dataset.counted = String(r.counted);
  }
  await load();
  return subscribe(id, () => load().catch(e => holder.replaceChildren(notice(e.message, 'error'))), ['spsa']);
}
