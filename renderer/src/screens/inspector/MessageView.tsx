import type { ExchangeMessage } from '../../../../preload/api/workbench-api';
import { BodyView } from './BodyView';
import { headerValue } from '../../widgets/http-status';
import { headerLinesOf } from '../../../../shared/header-lines';

/** Headers as the wire carried them (each line in order: a header sent twice is two rows), then the body. */
export function MessageView({ message, firstLine }: { message: ExchangeMessage; firstLine: string }) {
  const headers = headerLinesOf(message);
  return (
    <div className="message-view">
      <p className="wire-plain message-first-line">{firstLine}</p>
      <h3>Headers</h3>
      <table className="headers-table">
        <tbody>
          {headers.map(([name, value], i) => (
            <tr key={`${name}-${i}`}>
              <th className="wire-plain">{name}</th>
              <td className="wire-plain">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Body</h3>
      <BodyView body={message.body} contentType={headerValue(message.headers, 'content-type')} bodyBase64={message.bodyBase64} bodySize={message.bodySize} truncatedByLog={message.truncated} />
    </div>
  );
}
