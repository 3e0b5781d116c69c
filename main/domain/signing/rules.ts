/**
 * The numbered rules of the spec's signing profile ("Application-layer signing", Rules 1-10) in the
 * spec's own words: the one table a check's rule number is explained from (the Inspector's hover and
 * legend read it from the diagnosis, never from a copy of their own).
 */
export const SIGNING_RULES: Readonly<Record<number, string>> = {
  1: 'Presence rule: a profile header present in the HTTP request must be in the signature (headers value and signing string); a profile header absent from the request must not be.',
  2: '(request-target) is not required and must not be included; no header outside the four may be included (not Consent-ID, PSU-IP-Address, PSU-Device-ID, Accept, Content-Type).',
  3: 'Header order is free, but the order in the headers parameter must match the line order of the signing string.',
  4: 'Signing string: one line per header, each `<lower-case-name>: <complete value exactly as transmitted>`, one colon and one space, lines separated by a newline, no newline after the last line.',
  5: 'Digest value: `SHA-256=` followed by the Base64 encoding of the SHA-256 binary hash of the exact body bytes. The prefix is not hashed. The whole value, prefix included, is used in the digest line of the signing string. Only SHA-256 is supported.',
  6: 'Calculate the digest only after the body is in its final transmitted form; any later change of content, whitespace, line endings, encoding or serialisation breaks validation.',
  7: 'POST .../authorisations and DELETE have no body: hash zero bytes. Do not hash null, {}, an empty JSON string, a space or a newline; a request meant to be empty that contains any data or whitespace may be rejected.',
  8: 'Signature steps: build the final request, set Digest, build the signing string, sign it with the private key of the accepted signing certificate, set Signature, set TPP-Signature-Certificate, send without altering body or signed header values. Never send a private key, passphrase or secret to the bank.',
  9: 'Structure of the Signature header: keyId=<key identifier>, algorithm=rsa-sha256, headers=<ordered names>, signature=<Base64 signature>.',
  10: 'A request may be rejected when: a required header is missing or malformed; a profile header present is left out of the signature or an absent one is included; Digest does not match the body, or SHA-256= is missing or malformed; the order in headers differs from the signing string; (request-target) or a non-profile header is signed; a signed value differs from the transmitted header; the signature does not verify with the supplied certificate; or the certificate, key identifier, algorithm or signature is unacceptable.',
};

export interface SigningRule {
  rule: number;
  /** The spec's sentence. */
  text: string;
}

/** The rules some of these checks cite, each once, in number order: the legend of a diagnosis. */
export function rulesCited(checks: readonly { rule: number | null }[]): SigningRule[] {
  // Runs with every signed request: a bit per rule number instead of a set, a flattened list and a sort.
  let cited = 0;
  for (const c of checks) if (c.rule !== null && c.rule >= 0 && c.rule < 31) cited |= 1 << c.rule;
  const rules: SigningRule[] = [];
  for (let rule = 0; cited >> rule !== 0; rule++) {
    const text = (cited >> rule) & 1 ? SIGNING_RULES[rule] : undefined;
    if (text !== undefined) rules.push({ rule, text });
  }
  return rules;
}
