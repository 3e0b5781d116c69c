// The SHA-256 of a text's UTF-8 bytes, in hex and base64, for comparing with one's own (a signing
// string, a body). crypto.subtle exists only in a secure context (Electron, loopback, https).

export interface Sha256 {
  hex: string;
  base64: string;
}

/** null where the browser offers no crypto.subtle (the UI served over http beyond loopback). */
export async function sha256Of(text: string): Promise<Sha256 | null> {
  if (typeof crypto === 'undefined' || crypto.subtle === undefined) return null;
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return {
    hex: [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(''),
    base64: btoa(String.fromCharCode(...bytes)),
  };
}
