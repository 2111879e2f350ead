// The viewer protocol lives on /ws of the host that served the page, so the viewer works the
// same behind a TLS proxy (wss:) as on a laptop (ws:).
export function webSocketUrl(page: { protocol: string; host: string }): string {
  const scheme = page.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${page.host}/ws`;
}
