import type { SignatureDiagnosis } from '../../../../preload/api/workbench-api';
import { VisibleText } from './VisibleText';

/** The signing string the bank built, line by line, beside the Signature's headers parameter. */
export function SigningStringView({ signature }: { signature: SignatureDiagnosis }) {
  const names = signature.headersParameter ?? [];
  const lines = signature.signingString?.lines ?? [];
  const count = Math.max(names.length, lines.length);
  if (count === 0) return <p className="muted">The Signature header could not be read, so the bank built no signing string.</p>;
  const width = Math.max(...lines.map((l) => l.name.length), 0);

  return (
    <table className="signing-string" data-testid="signing-string">
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
              <td className="wire-plain">
                {line === undefined ? (
                  ''
                ) : (
                  <>
                    <span className="signing-name">{`${line.name}:`.padEnd(width + 2, ' ')}</span>
                    {line.value === null ? <span className="signing-missing">(header not sent)</span> : <VisibleText value={line.value} />}
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
