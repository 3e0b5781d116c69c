import type { ExchangeMessage, HeaderLine } from '../../../../preload/api/workbench-api';
import { BodyView } from './BodyView';
import { responseHeaderValue } from '../../widgets/http-status';
import { headerLinesOf } from '../../../../shared/header-lines';

/** For each line whose header is sent more than once: which of its lines it is and how many there are. */
function repeats(lines: readonly HeaderLine[]): ({ line: number; of: number } | null)[] {
  const names = lines.map(([name]) => name.toLowerCase());
  return names.map((name, i) => {
    const of = names.filter((n) => n === name).length;
    return of > 1 ? { line: names.slice(0, i + 1).filter((n) => n === name).length, of } : null;
  });
}

/** Headers as the wire carried them (each line in order: a header sent twice is two rows, each saying so), then the body. */
export function MessageView({ message, firstLine }: { message: ExchangeMessage; firstLine: string }) {
  const headers = headerLinesOf(message);
  const repeated = repeats(headers);
  return (
    <div className="message-view">
      <p className="wire-plain message-first-line">{firstLine}</p>
      <h3>Headers</h3>
      <table className="headers-table">
        <tbody>
          {headers.map(([name, value], i) => (
            <tr key={`${name}-${i}`}>
              <th>
                <span className="wire-plain header-name">{name}</span>
                {repeated[i] && (
                  <span className="small-text header-repeat">
                    <br />
                    sent {repeated[i].of} times: line {repeated[i].line}
                  </span>
                )}
              </th>
              <td className="wire-plain">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Body</h3>
      <BodyView
        body={message.body}
        contentType={responseHeaderValue(message.headers, 'content-type')}
        bodyBase64={message.bodyBase64}
        bodySize={message.bodySize}
        truncatedByLog={message.truncated}
      />
    </div>
  );
}
