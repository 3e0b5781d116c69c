// Exporting as HAR, shared by the Inspector's buttons and the command palette.
import { create } from 'zustand';
import type { Exchange } from '../../../preload/api/workbench-api';
import { downloadText } from '../lib/download';
import { exchangesToHar } from '../lib/har';
import { useInspector } from './inspector';
import { useShell } from './shell';

/** The confirmation of the last export: the file's name and what it holds. */
export const useExportNotice = create<{ notice: string | null; clear(): void }>()((set) => ({
  notice: null,
  clear: () => set({ notice: null }),
}));

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
  const signed = exchanges.filter((e) => e.signature !== null).length;
  const count = `${exchanges.length} exchange${exchanges.length === 1 ? '' : 's'}`;
  useExportNotice.setState({
    notice: `Saved ${fileName}: HAR 1.2 with ${count}${signed > 0 ? `, the bank's diagnosis of ${signed} signed in _signature` : ''} and the simulated time in _simulatedAt.`,
  });
}
