import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import type { SignatureDiagnosis } from '../../../../preload/api/workbench-api';
import { sha256Of, type Sha256 } from '../../lib/sha256';
import { useClipboardCopy } from '../../widgets/clipboard-copy';
import { VisibleText } from './VisibleText';

/**
 * The signing string the bank built, line by line beside the Signature's headers parameter, then its
 * exact bytes to copy with their SHA-256. The names are aligned by CSS only: the text on the page and
 * on the clipboard is the string itself, `name: value` with one space after the colon (rule 4).
 */
export function SigningStringView({ signature }: { signature: SignatureDiagnosis }) {
  const names = signature.headersParameter ?? [];
  const lines = signature.signingString?.lines ?? [];
  const count = Math.max(names.length, lines.length);
  if (count === 0) return <p className="muted">The Signature header could not be read, so the bank built no signing string.</p>;
  // The widest "name:" in ch: the names' column, and the hanging indent of a value that wraps.
  const nameColumn = { '--signing-name-width': `${Math.max(...lines.map((l) => l.name.length + 1), 0)}ch` } as CSSProperties;

  return (
    <>
      <table className="signing-string" data-testid="signing-string" style={nameColumn}>
        <thead>
          <tr>
            <th>headers parameter</th>
            <th>signing string line</th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: count }, (_, i) => {
            const line = lines[i];
            const missing = line !== undefined && line.value === null;
            return (
              <tr key={i} className={missing ? 'signing-line-failed' : undefined}>
                <td className="wire-plain">{names[i] ?? ''}</td>
                <td className="wire-plain signing-line" data-testid="signing-string-line">
                  {line === undefined ? (
                    ''
                  ) : (
                    <>
                      <span className="signing-name">{`${line.name}:`}</span>
                      {line.value === null ? <span className="signing-missing"> (header not sent)</span> : <VisibleText value={` ${line.value}`} />}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {signature.signingString && (
        <SigningStringBytes title="The signing string the bank built" text={signature.signingString.text} testId="bank-signing-string" />
      )}
      {signature.likelySigned && (
        <>
          <SigningStringBytes title="The string the TPP most likely signed" text={signature.likelySigned.text} testId="likely-signing-string">
            <pre className="wire-plain likely-signing-text" data-testid="likely-signing-text">
              {/* Line by line, so a space signed at the end of a value (which HTTP drops) shows at the end of its line. */}
              {signature.likelySigned.text.split('\n').map((line, i, lines) => (
                <span key={i} data-testid="likely-signing-line">
                  <VisibleText value={line} />
                  {i < lines.length - 1 ? '\n' : ''}
                </span>
              ))}
            </pre>
          </SigningStringBytes>
          <p className="muted" data-testid="likely-signing-why">
            The signature verifies over this string, not over the bank’s: {signature.likelySigned.why}
          </p>
        </>
      )}
    </>
  );
}

/** crypto.subtle exists only in a secure context. */
const UNAVAILABLE = 'not available here: the browser computes it only over https or on this computer’s own address';

/** A signing string's exact bytes: their count, SHA-256 in hex and base64, and a copy of exactly them. */
export function SigningStringBytes({ title, text, testId, children }: { title: string; text: string; testId: string; children?: ReactNode }) {
  const [hash, setHash] = useState<Sha256 | null | undefined>(undefined);
  const { copied, copy } = useClipboardCopy();
  useEffect(() => {
    let current = true;
    setHash(undefined);
    void sha256Of(text).then((h) => current && setHash(h));
    return () => {
      current = false;
    };
  }, [text]);
  const bytes = new TextEncoder().encode(text).length;
  return (
    <div className="signing-bytes" data-testid={testId}>
      <div className="signing-bytes-head">
        <strong>{title}</strong>
        <span className="muted">{bytes.toLocaleString('en')} bytes, lines joined by LF (\n), no line end after the last</span>
        <button type="button" className="small" onClick={() => copy(text)}>
          Copy exactly
        </button>
        {copied === 'yes' && (
          <span className="muted" role="status">
            Copied to the clipboard.
          </span>
        )}
        {copied === 'no' && <span className="muted">The clipboard is not available here.</span>}
      </div>
      <dl className="signing-hashes">
        <dt>SHA-256 hex</dt>
        <dd className="wire-plain" data-testid="sha256-hex">
          {hash === undefined ? '…' : hash === null ? UNAVAILABLE : hash.hex}
        </dd>
        <dt>SHA-256 base64</dt>
        <dd className="wire-plain" data-testid="sha256-base64">
          {hash === undefined ? '…' : hash === null ? UNAVAILABLE : hash.base64}
        </dd>
      </dl>
      {children}
    </div>
  );
}
