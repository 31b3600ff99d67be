// DOM helpers. Text always goes in through text nodes and attributes through setAttribute, so
// strings from PGN files, engines or Kafka are never parsed as HTML (and the CSP forbids inline script).

const SVG_NS = 'http://www.w3.org/2000/svg';

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

/** Appends children, skipping null/undefined/false (native append would print "null"). */
export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** An HTML element: h('td', {class: 'num'}, 'text', child, ...). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element. */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** The page path of a game; ids contain '/' (kept) and '#' (encoded). */
export function gameHref(id) {
  return '/games/' + String(id).split('/').map(encodeURIComponent).join('/');
}

export function matchHref(id) {
  return '/matches/' + String(id).split('/').map(encodeURIComponent).join('/');
}

export function fmt(x, digits = 1) {
  return x === null || x === undefined || Number.isNaN(x) ? '–' : Number(x).toFixed(digits);
}

export function pct(part, whole, digits = 1) {
  return whole ? (100 * part / whole).toFixed(digits) + '%' : '–';
}

/** A message box for errors and empty states. */
export function notice(text, kind = 'info') {
  return h('p', {class: 'notice ' + kind}, text);
}
