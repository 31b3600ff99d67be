// Fetches from the JSON API; an error carries the server's one-line message.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

export async function getJson(path) {
  const r = await fetch(path, {headers: {Accept: 'application/json'}});
  let body;
  try {
    body = await r.json();
  } catch (e) {
    throw new ApiError(`HTTP ${r.status}`, r.status);
  }
  if (!r.ok) throw new ApiError(body.error || `HTTP ${r.status}`, r.status);
  return body;
}

/** A query string from an object, skipping empty values. */
export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const text = q.toString();
  return text ? '?' + text : '';
}
