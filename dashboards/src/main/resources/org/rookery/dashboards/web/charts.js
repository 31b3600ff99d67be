// Small SVG charts drawn here (no chart library): line charts with an optional band and
// horizontal reference lines, and grouped bar charts. Every label goes in as a text node.

import {s} from './dom.js';

const W = 560, H = 240, M = {l: 48, r: 12, t: 12, b: 34};

function ticks(lo, hi, n = 5) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / n;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map(k => k * mag).find(k => k >= raw);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Number(v.toFixed(10)));
  return out;
}

function frame(xLabel, yLabel, x0, x1, y0, y1) {
  const sx = v => M.l + (x1 === x0 ? 0 : (v - x0) / (x1 - x0)) * (W - M.l - M.r);
  const sy = v => H - M.b - (y1 === y0 ? 0.5 : (v - y0) / (y1 - y0)) * (H - M.t - M.b);
  const nodes = [];
  for (const t of ticks(y0, y1)) {
    nodes.push(s('line', {x1: M.l, x2: W - M.r, y1: sy(t), y2: sy(t), class: 'grid'}));
    nodes.push(s('text', {x: M.l - 4, y: sy(t) + 4, class: 'tick', 'text-anchor': 'end'}, String(t)));
  }
  // x is a count (games, plies): only whole numbers are labelled.
  for (const t of ticks(x0, x1, 6).filter(Number.isInteger)) {
    nodes.push(s('text', {x: sx(t), y: H - M.b + 14, class: 'tick', 'text-anchor': 'middle'}, String(t)));
  }
  nodes.push(s('line', {x1: M.l, x2: W - M.r, y1: H - M.b, y2: H - M.b, class: 'axis'}));
  nodes.push(s('line', {x1: M.l, x2: M.l, y1: M.t, y2: H - M.b, class: 'axis'}));
  nodes.push(s('text', {x: (M.l + W - M.r) / 2, y: H - 4, class: 'label', 'text-anchor': 'middle'}, xLabel));
  nodes.push(s('text', {x: 12, y: (M.t + H - M.b) / 2, class: 'label', 'text-anchor': 'middle',
    transform: `rotate(-90 12 ${(M.t + H - M.b) / 2})`}, yLabel));
  return {sx, sy, nodes};
}

/**
 * Line chart. opts: xs, series [{name, values, cls}], band {lo, hi, cls}, hlines [{y, label, cls}],
 * xLabel, yLabel, title, zero (false: the y axis need not hold 0). Null values break a line.
 */
export function lineChart(opts) {
  const xs = opts.xs;
  const all = [];
  for (const ser of opts.series) for (const v of ser.values) if (v !== null && Number.isFinite(v)) all.push(v);
  if (opts.band) for (const v of [...opts.band.lo, ...opts.band.hi]) if (v !== null && Number.isFinite(v)) all.push(v);
  for (const l of opts.hlines || []) all.push(l.y);
  // The y axis holds 0 unless opts.zero is false (a parameter's θ far from 0).
  const zero = opts.zero === false ? [] : [0];
  let y0 = Math.min(...all, ...zero), y1 = Math.max(...all, ...zero);
  if (y0 === y1) { y0 -= 1; y1 += 1; }
  const pad = (y1 - y0) * 0.05;
  y0 -= pad; y1 += pad;
  const x0 = xs.length ? Math.min(...xs) : 0, x1 = xs.length ? Math.max(...xs) : 1;
  const f = frame(opts.xLabel, opts.yLabel, x0, x1, y0, y1);
  const nodes = [...f.nodes];
  if (opts.band) {
    const up = [], down = [];
    xs.forEach((x, i) => {
      const lo = opts.band.lo[i], hi = opts.band.hi[i];
      if (lo !== null && hi !== null && Number.isFinite(lo) && Number.isFinite(hi)) {
        up.push(`${f.sx(x)},${f.sy(hi)}`);
        down.unshift(`${f.sx(x)},${f.sy(lo)}`);
      }
    });
    if (up.length) nodes.push(s('polygon', {points: [...up, ...down].join(' '), class: 'band ' + (opts.band.cls || '')}));
  }
  for (const l of opts.hlines || []) {
    nodes.push(s('line', {x1: M.l, x2: W - M.r, y1: f.sy(l.y), y2: f.sy(l.y), class: 'hline ' + (l.cls || '')}));
    nodes.push(s('text', {x: W - M.r - 2, y: f.sy(l.y) - 3, class: 'tick', 'text-anchor': 'end'}, l.label));
  }
  for (const ser of opts.series) {
    let d = '', pen = false;
    xs.forEach((x, i) => {
      const v = ser.values[i];
      if (v === null || !Number.isFinite(v)) { pen = false; return; }
      d += (pen ? 'L' : 'M') + f.sx(x).toFixed(1) + ',' + f.sy(v).toFixed(1);
      pen = true;
    });
    if (d) nodes.push(s('path', {d, class: 'series ' + (ser.cls || ''), 'data-series': ser.name}));
  }
  const legend = opts.series.length > 1 ? legendOf(opts.series) : null;
  return s('svg', {viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': opts.title || opts.yLabel},
    s('title', {}, opts.title || opts.yLabel), ...nodes, legend);
}

function legendOf(series) {
  return s('g', {class: 'legend'}, ...series.map((ser, i) => s('g', {},
    s('rect', {x: M.l + 8 + i * 120, y: M.t, width: 10, height: 10, class: 'swatch ' + (ser.cls || '')}),
    s('text', {x: M.l + 22 + i * 120, y: M.t + 9, class: 'tick'}, ser.name))));
}

/** Grouped bars. opts: labels, series [{name, values, cls}], yLabel, xLabel, format(v). */
export function barChart(opts) {
  const all = opts.series.flatMap(ser => ser.values).filter(v => Number.isFinite(v));
  const y1 = Math.max(...all, opts.minMax || 0) || 1;
  const n = Math.max(opts.labels.length, 1);
  const f = frame(opts.xLabel || '', opts.yLabel || '', 0, 1, 0, y1 * 1.08);
  const nodes = f.nodes.filter(el => !(el.tagName === 'text' && el.getAttribute('class') === 'tick'
    && el.getAttribute('text-anchor') === 'middle'));
  const slot = (W - M.l - M.r) / n;
  const bw = Math.max(2, (slot * 0.8) / opts.series.length);
  opts.labels.forEach((label, i) => {
    opts.series.forEach((ser, j) => {
      const v = ser.values[i];
      if (!Number.isFinite(v)) return;
      const x = M.l + i * slot + slot * 0.1 + j * bw;
      const top = f.sy(v);
      nodes.push(s('rect', {x, y: top, width: bw - 1, height: Math.max(0, H - M.b - top), class: 'bar ' + (ser.cls || '')},
        s('title', {}, `${label} · ${ser.name}: ${opts.format ? opts.format(v) : v}`)));
    });
    nodes.push(s('text', {x: M.l + i * slot + slot / 2, y: H - M.b + 14, class: 'tick', 'text-anchor': 'middle'}, String(label)));
  });
  const legend = opts.series.length > 1 ? legendOf(opts.series) : null;
  return s('svg', {viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': opts.title || opts.yLabel},
    s('title', {}, opts.title || opts.yLabel || ''), ...nodes, legend);
}

/** A white/draw/black bar with percentages in it. */
export function wdlBar(white, draws, black) {
  const total = white + draws + black;
  const w = 240, hgt = 18;
  if (!total) return s('svg', {viewBox: `0 0 ${w} ${hgt}`, class: 'wdl'});
  const parts = [[white, 'w'], [draws, 'd'], [black, 'b']];
  let x = 0;
  const nodes = [];
  for (const [v, cls] of parts) {
    const width = (v / total) * w;
    if (width > 0) {
      nodes.push(s('rect', {x, y: 0, width, height: hgt, class: 'wdl-' + cls}));
      if (width > 30) nodes.push(s('text', {x: x + width / 2, y: 13, class: 'wdl-text wdl-text-' + cls, 'text-anchor': 'middle'},
        Math.round(100 * v / total) + '%'));
    }
    x += width;
  }
  return s('svg', {viewBox: `0 0 ${w} ${hgt}`, class: 'wdl', role: 'img',
    'aria-label': `white ${white}, draws ${draws}, black ${black}`}, ...nodes);
}
