// Name comparison for Verification of Payee. Banks compare names after normalising them, and
// call "close" what differs only in spelling conventions (Müller/Mueller, Lefèvre/Lefevre),
// a missing legal form or a small typo; anything else is no match.

/** German transliterations a payer writes when the keyboard lacks the letter. */
const TRANSLITERATIONS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', ø: 'oe', å: 'aa', œ: 'oe' };

/** Legal forms of the SEPA countries' companies, compared without dots. */
const LEGAL_FORMS = new Set([
  'ag',
  'bv',
  'bvba',
  'cv',
  'eg',
  'ek',
  'eurl',
  'ev',
  'gbr',
  'gmbh',
  'kg',
  'kgaa',
  'ltd',
  'llp',
  'nv',
  'ohg',
  'plc',
  'sa',
  'sarl',
  'sas',
  'sasu',
  'sc',
  'sca',
  'scs',
  'se',
  'snc',
  'sprl',
  'srl',
  'ug',
  'vof',
  'vzw',
  'asbl',
]);

/** Lower case, punctuation gone, words single-spaced; letters and their accents as written. */
export function exactForm(name: string): string {
  return words(name.normalize('NFC').toLowerCase()).join(' ');
}

/** As exactForm, with accents and transliterations folded and legal forms dropped, words run together. */
export function looseForm(name: string): string {
  const folded = [...name.normalize('NFC').toLowerCase()].map((c) => TRANSLITERATIONS[c] ?? c).join('');
  const plain = folded.normalize('NFD').replace(/\p{M}+/gu, '');
  return words(plain)
    .filter((word) => !LEGAL_FORMS.has(word))
    .join('');
}

/** Dots inside legal forms ("B.V.", "S.A.") would otherwise split them into letters. */
function words(text: string): string[] {
  return text
    .replace(/(\p{L})\.(?=\p{L}\.)/gu, '$1')
    .replace(/(\p{L})\.(?=\s|$)/gu, '$1')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * Whether two loose forms differ by at most `1 - threshold` of the longer one's letters
 * (Levenshtein). Lengths too far apart answer without the quadratic comparison, which keeps
 * a 10,000-transfer bulk cheap.
 */
export function isSimilar(a: string, b: string, threshold: number): boolean {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return true;
  const allowed = Math.floor((1 - threshold) * longer);
  if (Math.abs(a.length - b.length) > allowed) return false;
  return editDistance(a, b) <= allowed;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
