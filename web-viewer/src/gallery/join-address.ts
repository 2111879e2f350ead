// The address a gallery wall shows phones so they can join (docs/rules.md "The gallery"): the
// server's --public-url when it was given one (Welcome.public_url: the wall may be reached by an
// address phones cannot use, e.g. localhost on the wall's own machine), else the wall's own page
// without its query, so a phone opens the normal page and not the kiosk. Shown short: host and
// path, no scheme. Pure.

export interface JoinAddress {
  /** What the QR code holds: a full URL. */
  readonly url: string;
  /** What the wall writes under it: host and path, no scheme, no trailing slash. */
  readonly short: string;
}

/** Where the page itself is (window.location's parts). */
export interface PageAddress {
  readonly origin: string;
  readonly pathname: string;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function joinAddress(publicUrl: string | undefined, page: PageAddress): JoinAddress {
  const given = publicUrl?.trim() ?? "";
  // An address given without its scheme ("meadow.example.org") is a web address all the same:
  // a phone reads a bare host in a QR code as text.
  const url = given === "" ? page.origin + page.pathname : SCHEME.test(given) ? given : `https://${given}`;
  return { url, short: shortAddress(url) };
}

/** Host and path of a URL, without scheme, query, fragment or trailing slash. */
export function shortAddress(url: string): string {
  try {
    const u = new URL(url);
    return (u.host + u.pathname).replace(/\/+$/, "");
  } catch {
    return url.replace(SCHEME, "").replace(/^\/\//, "").replace(/[?#].*$/, "").replace(/\/+$/, "");
  }
}
