// Server-sent events from /api/live: calls onGame after games arrive, at most every 500 ms,
// so a burst of finished games causes one refresh.

export function subscribe(matchId, onGame) {
  const src = new EventSource('/api/live' + (matchId ? '?match=' + encodeURIComponent(matchId) : ''));
  let timer = null;
  src.addEventListener('game', () => {
    if (timer) return;
    timer = setTimeout(() => { timer = null; onGame(); }, 500);
  });
  return () => {
    src.close();
    if (timer) clearTimeout(timer);
  };
}
