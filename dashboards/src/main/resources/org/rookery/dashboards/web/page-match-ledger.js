// A match's ledger: engine statistics by phase (engine_stats, or computed from games), the per-opening
// table (opening_stats) and the SPRT form, which recomputes the match under other bounds or model
// through /api/match-sprt: the code `analyze sprt` prints, over the same stored games.

import {h, fmt, notice} from './dom.js';
import {getJson, query} from './api.js';

const STAT_COLUMNS = [
  ['Engine', r => r.engine], ['Phase', r => r.phase], ['Moves', r => String(r.moves)],
  ['nps mean', r => num(r.nps_mean, 0)], ['nps p10 / p50 / p90', r => [r.nps_p10, r.nps_p50, r.nps_p90].map(x => num(x, 0)).join(' / ')],
  ['depth mean / p50', r => num(r.depth_mean) + ' / ' + num(r.depth_p50)],
  ['seldepth mean / p50', r => num(r.seldepth_mean) + ' / ' + num(r.seldepth_p50)],
  ['time ms mean / p50 / p90', r => [r.time_ms_mean, r.time_ms_p50, r.time_ms_p90].map(x => num(x, 0)).join(' / ')],
  ['latency ms mean / p50 / p99', r => [r.latency_ms_mean, r.latency_ms_p50, r.latency_ms_p99].map(x => num(x, 1)).join(' / ')],
  ['games', r => r.games === undefined ? '–' : String(r.games)],
  ['time losses / crashes / stalls / illegal', r => r.time_losses === undefined ? '–'
    : [r.time_losses, r.crashes, r.stalls, r.illegal_moves].join(' / ')],
];

function num(x, digits = 1) {
  return x === null || x === undefined ? '–' : fmt(x, digits);
}

function percent(x) {
  return x === null || x === undefined ? '–' : fmt(100 * x) + '%';
}

function table(id, heads, rows) {
  return h('table', {class: 'data', id},
    h('thead', {}, h('tr', {}, ...heads.map(t => h('th', {}, t)))),
    h('tbody', {}, ...rows));
}

function engineStats(a) {
  const source = a.source === 'engine_stats' ? 'from the engine_stats table (./rookery analyze matches)'
    : a.source === 'computed' ? a.note : 'none: ' + a.note;
  return h('section', {id: 'match-engine-stats'}, h('h2', {}, 'Engine statistics by phase'),
    h('p', {class: 'source', id: 'engine-stats-source', 'data-source': a.source}, 'Source: ' + source),
    a.rows.length ? table('engine-stats', STAT_COLUMNS.map(c => c[0]),
      a.rows.map(r => h('tr', {}, ...STAT_COLUMNS.map(([name, f], i) => h('td', {class: i > 1 ? 'num' : ''}, f(r))))))
      : notice('No engine moves with statistics.'));
}

function openings(a) {
  const heads = ['Opening', 'Games', 'Pairs', 'Pentanomial [LL, LD, DD+WL, WD, WW]', 'Draws', '2–0 / 0–2', 'White score'];
  return h('section', {id: 'match-openings'}, h('h2', {}, 'Openings of the book'),
    h('p', {class: 'source', 'data-source': a.source}, a.source === 'opening_stats'
      ? `Source: the opening_stats table (./rookery analyze books), most pairs first; pentanomial from ${a.rows.length ? a.rows[0].tested : 'the tested engine'}'s view.`
      : 'Source: none: ' + a.note),
    a.rows.length ? table('opening-stats', heads, a.rows.map(r => h('tr', {},
      h('td', {class: 'mono'}, r.start_fen + (r.book_moves ? ' | ' + r.book_moves : r.book_moves === null ? ' | (book moves unknown)' : '')),
      h('td', {class: 'num'}, String(r.games)), h('td', {class: 'num'}, String(r.pairs)),
      h('td', {class: 'num'}, [r.ll, r.ld, r.dd_wl, r.wd, r.ww].join(' · ')),
      h('td', {class: 'num'}, percent(r.draw_rate)), h('td', {class: 'num'}, percent(r.decisiveness)),
      h('td', {class: 'num'}, percent(r.white_score))))) : null);
}

function lineText(l) {
  if (!l) return '–';
  const stop = l.stopped_at_games === null ? 'no bound crossed'
    : `stops at game ${l.stopped_at_games}: ${l.decision} accepted (LLR ${fmt(l.stop_llr, 4)})`;
  return `[${l.elo0}, ${l.elo1}] α ${l.alpha} β ${l.beta} ${l.sprt_model}: LLR ${fmt(l.llr, 4)} `
    + `(${fmt(l.lower_bound, 4)}, ${fmt(l.upper_bound, 4)}) – ${stop}`;
}

function sprtAnswer(r) {
  const row = (k, v, id) => h('tr', {}, h('th', {}, k), h('td', id ? {id} : {}, v));
  return h('table', {class: 'kv', id: 'sprt-answer'},
    row('Games counted', `${r.games} of ${r.tested}` + (r.as_of ? ` (as of game ${r.as_of})` : '') + `, ${r.pairs} complete pairs`, 'sprt-games'),
    row('Elo (' + r.model + ')', `${fmt(r.elo, 2)} ± ${fmt(r.elo_error, 2)}, nElo ${fmt(r.nelo, 2)} ± ${fmt(r.nelo_error, 2)}, LOS ${fmt(100 * r.los, 2)}%`),
    row('Live SPRT', r.live ? lineText(r.live) : 'none (no SPRT, or its definition is not in matches)', 'sprt-live'),
    row('Asked SPRT', r.asked ? lineText(r.asked) : '–', 'sprt-asked'));
}

function sprtForm(id) {
  const field = (name, label, attrs) => h('label', {}, label + ' ', h('input', {name, id: 'sprt-' + name, size: 6, ...attrs}));
  const model = h('select', {name: 'model', id: 'sprt-model'}, h('option', {value: ''}, 'live'),
    ...['normalized', 'logistic', 'bayesian'].map(m => h('option', {value: m}, m)));
  const out = h('div', {id: 'sprt-result'});
  async function run(params) {
    try {
      out.replaceChildren(sprtAnswer(await getJson('/api/match-sprt' + query({match: id, ...params}))));
      out.dataset.state = 'ready';
    } catch (e) {
      out.replaceChildren(notice(e.message, 'error'));
      out.dataset.state = 'error';
    }
  }
  const form = h('form', {id: 'sprt-form', onsubmit: e => {
    e.preventDefault();
    const f = new FormData(form);
    run(Object.fromEntries([...f.entries()].map(([k, v]) => [k, String(v).trim()])));
  }},
  field('elo0', 'elo0', {type: 'text', inputmode: 'decimal'}), field('elo1', 'elo1', {type: 'text', inputmode: 'decimal'}),
  field('alpha', 'α', {type: 'text', inputmode: 'decimal'}), field('beta', 'β', {type: 'text', inputmode: 'decimal'}),
  h('label', {}, 'model ', model), field('as_of', 'as of game', {type: 'number', min: 0}),
  h('button', {type: 'submit', id: 'sprt-submit'}, 'Recompute'));
  run({});
  return h('section', {id: 'match-sprt'}, h('h2', {}, 'SPRT under other bounds'),
    h('p', {}, 'Recomputed over the stored games (games and matches tables), as ./rookery analyze sprt does; empty fields keep the live test\'s.'),
    form, out);
}

/** The ledger sections of match {@code id}; they load once (the form keeps its state across live updates). */
export function ledgerSections(id) {
  const el = h('div', {id: 'match-ledger'});
  getJson('/api/match-ledger' + query({match: id}))
    .then(r => {
      // the form recomputes over stored games: a live match the sink has not written has none yet
      const sprt = r.stored_games ? sprtForm(id) : notice('No stored games of this match yet: the SPRT form opens once the sink has written them.');
      el.replaceChildren(engineStats(r.engine_stats), openings(r.opening_stats), sprt);
      el.dataset.state = 'ready';
    })
    .catch(e => { el.replaceChildren(notice(e.message, 'error'), sprtForm(id)); el.dataset.state = 'ready'; });
  return el;
}
