// Exporting as HAR, shared by the Inspector's buttons and the command palette.
import type { Exchange } from '../../../preload/api/workbench-api';
import { downloadText } from '../lib/download';
import { exchangesToHar } from '../lib/har';
import { useInspector } from './inspector';
import { useShell } from './shell';

/** The exchanges the list shows (the host has applied the search) whose full record has arrived. */
export function listedExchanges(): Exchange[] {
  return useInspector.getState().rows.flatMap((r) => (r.full ? [r.full] : []));
}

export function exportListedAsHar(): void {
  downloadHar('psd2-workbench.har', listedExchanges());
}

export function exportExchangeAsHar(exchange: Exchange): void {
  downloadHar(`exchange-${exchange.id}.har`, [exchange]);
}

function downloadHar(fileName: string, exchanges: readonly Exchange[]): void {
  const { simulatorUrl } = useInspector.getState();
  const version = useShell.getState().info?.version ?? '';
  downloadText(fileName, JSON.stringify(exchangesToHar(exchanges, simulatorUrl, version), null, 2), 'application/json');
}
