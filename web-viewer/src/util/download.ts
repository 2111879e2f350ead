// Saves text as a file the browser downloads (a recording of trails), without a server round trip:
// a Blob behind a temporary link that is clicked once and let go.

/** The link's address is let go this long after the click (the download has taken it by then). */
const REVOKE_AFTER_MS = 10_000;

export function downloadText(doc: Document, fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = doc.createElement("a");
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  doc.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
