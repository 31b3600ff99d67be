// The shared filter bar (rating band, speed, years, source) and its URL parameters.

import {h} from './dom.js';

// The analyze jobs' dimensions: 200-point bands of the mean rating (by lower bound) and lichess's
// time-control classes.
export const BANDS = [0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400, 2600, 'unrated'];
export const SPEEDS = ['ultrabullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence', 'unknown'];
export const SOURCES = ['import', 'gauntlet'];

export function readFilters(params) {
  const list = k => (params.get(k) || '').split(',').filter(Boolean);
  return {ratings: list('ratings'), speeds: list('speeds'), sources: list('sources'),
    since: params.get('since') || '', until: params.get('until') || ''};
}

function checks(name, values, chosen, label, onChange) {
  return h('fieldset', {class: 'checks', 'data-filter': name}, h('legend', {}, label),
    ...values.map(v => h('label', {}, h('input', {type: 'checkbox', value: String(v), checked: chosen.includes(String(v)),
      onchange: onChange}), ' ', String(v) === '0' ? '<1000' : String(v) === '2600' ? '2600+' : String(v))));
}

/** The filter form; onChange(filters) runs on every change. */
export function filterBar(filters, onChange) {
  const form = h('form', {class: 'filters', onsubmit: e => e.preventDefault()});
  const read = () => {
    const values = name => [...form.querySelectorAll(`[data-filter=${name}] input:checked`)].map(i => i.value);
    return {ratings: values('ratings'), speeds: values('speeds'), sources: values('sources'),
      since: form.querySelector('[name=since]').value.trim(), until: form.querySelector('[name=until]').value.trim()};
  };
  const changed = () => onChange(read());
  form.append(
    checks('ratings', BANDS, filters.ratings, 'Rating band', changed),
    checks('speeds', SPEEDS, filters.speeds, 'Time control', changed),
    h('fieldset', {class: 'years'}, h('legend', {}, 'Years'),
      h('input', {name: 'since', type: 'number', min: 1000, max: 3000, placeholder: 'from', value: filters.since, onchange: changed}),
      ' – ',
      h('input', {name: 'until', type: 'number', min: 1000, max: 3000, placeholder: 'to', value: filters.until, onchange: changed})),
    checks('sources', SOURCES, filters.sources, 'Source', changed));
  return form;
}
