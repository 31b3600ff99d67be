// Server-sent events from /api/live: calls onChange after games, definitions or stops arrive (or
// the events named in `events`, e.g. ['spsa'] for tuning runs), at most every 500 ms, so a burst of
// finished games causes one refresh.

export function subscribe(matchId, onChange, events = ['game', 'match']) {
  const src = new EventSource('/api/live' + (matchId ? '?match=' + encodeURIComponent(matchId) : ''));
  let timer = null;
  const later = () => {
    if (timer) return;
    timer = setTimeout(() => { timer = null; onChange(); }, 500);
  };
  for (const e of events) src.addEventListener(e, later);
  return () => {
    src.close();
    if (timer) clearTimeout(timer);
  };
}
