// Server-sent events from /api/live: calls onChange after games, definitions or stops arrive, at
// most every 500 ms, so a burst of finished games causes one refresh.

export function subscribe(matchId, onChange) {
  const src = new EventSource('/api/live' + (matchId ? '?match=' + encodeURIComponent(matchId) : ''));
  let timer = null;
  const later = () => {
    if (timer) return;
    timer = setTimeout(() => { timer = null; onChange(); }, 500);
  };
  src.addEventListener('game', later);
  src.addEventListener('match', later);
  return () => {
    src.close();
    if (timer) clearTimeout(timer);
  };
}
