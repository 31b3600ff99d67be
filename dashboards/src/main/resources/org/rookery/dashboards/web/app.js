// The single-page front end: each path has a page module that renders into <main> and returns a
// cleanup function (to close live streams). Pages set main[data-state=ready] once drawn.

import {notice} from './dom.js';
import {matchesPage} from './page-matches.js';
import {matchPage} from './page-match.js';
import {gamePage} from './page-game.js';
import {explorerPage} from './page-explorer.js';
import {tablebasePage} from './page-tablebase.js';
import {drawRulesPage} from './page-draw-rules.js';
import {endgamesPage} from './page-endgames.js';
import {tuneRunsPage, tuneRunPage} from './page-tune.js';

const ROUTES = [
  [/^\/(matches)?$/, 'matches', () => matchesPage],
  [/^\/matches\/(.+)$/, 'matches', () => matchPage],
  [/^\/games\/(.+)$/, null, () => gamePage],
  [/^\/explorer$/, 'explorer', () => explorerPage],
  [/^\/tablebase$/, 'tablebase', () => tablebasePage],
  [/^\/draw-rules$/, 'draw-rules', () => drawRulesPage],
  [/^\/endgames$/, 'endgames', () => endgamesPage],
  [/^\/tune$/, 'tune', () => tuneRunsPage],
  [/^\/tune\/(.+)$/, 'tune', () => tuneRunPage],
];

let cleanup = null;

export function navigate(href, replace = false) {
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  render();
}

async function render() {
  if (cleanup) {
    try { cleanup(); } catch (e) { /* a page's cleanup must not block the next page */ }
    cleanup = null;
  }
  const main = document.getElementById('app');
  main.dataset.state = 'loading';
  main.replaceChildren();
  const path = location.pathname;
  for (const [re, nav, page] of ROUTES) {
    const m = path.match(re);
    if (!m) continue;
    for (const a of document.querySelectorAll('nav a')) a.classList.toggle('active', a.dataset.page === nav);
    try {
      const arg = m[1] ? decodeURIComponent(m[1]) : null;
      cleanup = (await page()(main, arg, new URLSearchParams(location.search))) || null;
      // "Interactive" for the render benchmark: data fetched, page drawn, handlers attached.
      performance.mark('rookery-ready');
    } catch (e) {
      main.replaceChildren(notice(e.message || String(e), 'error'));
      main.dataset.state = 'error';
    }
    return;
  }
  main.replaceChildren(notice('No such page.', 'error'));
  main.dataset.state = 'error';
}

document.addEventListener('click', e => {
  const a = e.target.closest('a');
  if (!a || a.origin !== location.origin || a.target || a.hasAttribute('download')) return;
  if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  if (a.pathname.startsWith('/api/') || a.pathname.startsWith('/static/')) return;
  e.preventDefault();
  navigate(a.pathname + a.search);
});
window.addEventListener('popstate', render);
render();
