// The explorer's filter bar: lichess's rating bands and speeds, months (YYYY or YYYY-MM), sources,
// and which explorer to ask: every game (lichess), masters, or one player with a colour.

import {h} from './dom.js';

export const BANDS = [0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500, 'unrated'];
export const SPEEDS = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence', 'unknown'];
export const SOURCES = ['import', 'gauntlet'];
export const DATABASES = ['lichess', 'masters', 'player'];

export function readExplorerFilters(params) {
  const list = k => (params.get(k) || '').split(',').filter(Boolean);
  return {db: params.get('db') || '', player: params.get('player') || '', color: params.get('color') || '',
    ratings: list('ratings'), speeds: list('speeds'), sources: list('sources'),
    since: params.get('since') || '', until: params.get('until') || ''};
}

function checks(name, values, chosen, label, onChange) {
  return h('fieldset', {class: 'checks', 'data-filter': name}, h('legend', {}, label),
    ...values.map(v => h('label', {}, h('input', {type: 'checkbox', value: String(v), checked: chosen.includes(String(v)),
      onchange: onChange}), ' ', String(v) === '0' ? '<1000' : String(v) === '2500' ? '2500+' : String(v))));
}

/** The filter form; onChange(filters) runs on every change. */
export function explorerFilterBar(filters, onChange) {
  const form = h('form', {class: 'filters', id: 'explorer-filters', onsubmit: e => { e.preventDefault(); changed(); }});
  const value = name => form.querySelector(`[name=${name}]`).value.trim();
  const read = () => {
    const values = name => [...form.querySelectorAll(`[data-filter=${name}] input:checked`)].map(i => i.value);
    const db = value('db');
    return {db: db === 'lichess' ? '' : db, player: db === 'player' ? value('player') : '',
      color: db === 'player' ? value('color') : '', ratings: values('ratings'), speeds: values('speeds'),
      sources: values('sources'), since: value('since'), until: value('until')};
  };
  const changed = () => onChange(read());
  const month = (name, placeholder) => h('input', {name, type: 'text', placeholder, value: filters[name], size: 8,
    pattern: '[0-9]{4}(-[0-9]{2})?', title: 'YYYY or YYYY-MM', onchange: changed});
  form.append(
    h('fieldset', {class: 'database'}, h('legend', {}, 'Games'),
      h('select', {name: 'db', onchange: changed}, ...DATABASES.map(d => h('option', {value: d,
        selected: (filters.db || 'lichess') === d}, d === 'lichess' ? 'all games' : d === 'masters' ? 'masters (both 2200+)' : 'one player'))),
      ' ', h('input', {name: 'player', type: 'text', placeholder: 'player or engine', value: filters.player, onchange: changed}),
      ' ', h('select', {name: 'color', onchange: changed}, ...['white', 'black'].map(c => h('option', {value: c,
        selected: (filters.color || 'white') === c}, c)))),
    checks('ratings', BANDS, filters.ratings, 'Mean rating', changed),
    checks('speeds', SPEEDS, filters.speeds, 'Time control', changed),
    h('fieldset', {class: 'years'}, h('legend', {}, 'Months'), month('since', 'from'), ' – ', month('until', 'to')),
    checks('sources', SOURCES, filters.sources, 'Source', changed));
  return form;
}

/** The API path for the filters: /api/explorer, /masters or /player. */
export function explorerApi(filters) {
  return filters.db === 'masters' ? '/api/explorer/masters' : filters.db === 'player' ? '/api/explorer/player' : '/api/explorer';
}

/** The filters as API parameters (the page's own db parameter left out). */
export function apiParams(filters) {
  const {db, player, color, ...rest} = filters;
  return db === 'player' ? {player, color, ...rest} : rest;
}
