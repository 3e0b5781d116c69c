// Exporting as HAR, shared by the Inspector's buttons and the command palette: one exchange from the page's
// own record, every match of the search from the host's export (GET /simulator/v1/exchanges/har).
import { create } from 'zustand';
import type { Exchange } from '../../../preload/api/workbench-api';
import { workbench } from '../api';
import { downloadText } from '../lib/download';
import { exchangesToHar } from '../lib/har';
import { queryOf, searching, useInspector } from './inspector';
import { useShell } from './shell';

interface ExportNotice {
  /** The confirmation of the last export: the file's name and what it holds; or why it failed. */
  notice: string | null;
  /** Which export it tells of: the whole log's (shown under the search) or one exchange's (shown in its detail). */
  scope: 'log' | 'exchange';
  /** The whole log's export is on its way (a large log takes a while). */
  exporting: boolean;
  clear(): void;
}

export const useExportNotice = create<ExportNotice>()((set) => ({
  notice: null,
  scope: 'exchange',
  exporting: false,
  clear: () => set({ notice: null }),
}));

/** The search in a few words: “its words”, its status chips, and whether other chips narrow it. */
function searchInWords(s: ReturnType<typeof useInspector.getState>): string {
  const chips = s.verdicts.length > 0 || s.fault !== null ? ['the chips chosen'] : [];
  return [...(s.filter.trim() === '' ? [] : [`“${s.filter.trim()}”`]), ...s.statuses, ...chips].join(', ');
}

const exchangesText = (count: number): string => `${count.toLocaleString('en')} exchange${count === 1 ? '' : 's'}`;

/**
 * Every exchange the search matches, however many pages the list has loaded: the host streams them as HAR,
 * and the notice says how many the file holds (the count the file itself ends with).
 */
export async function exportMatchesAsHar(): Promise<void> {
  const state = useInspector.getState();
  const fileName = 'psd2-workbench.har';
  useExportNotice.setState({ exporting: true, notice: null, scope: 'log' });
  try {
    const { text, count } = await workbench.exportExchangesHar(queryOf(state));
    downloadText(fileName, text, 'application/json');
    const what = searching(state) ? `every exchange matching ${searchInWords(state)}` : 'every exchange of the log';
    const listed = state.rows.length < count ? `, not only the ${state.rows.length.toLocaleString('en')} listed` : '';
    useExportNotice.setState({
      exporting: false,
      scope: 'log',
      notice: `Saved ${fileName}: HAR 1.2 with ${exchangesText(count)}, ${what}${listed}; the bank's diagnosis in _signature, the simulated time in _simulatedAt, bodies that are not UTF-8 in base64.`,
    });
  } catch (error) {
    useExportNotice.setState({ exporting: false, scope: 'log', notice: `The HAR export failed: ${error instanceof Error ? error.message : String(error)}` });
  }
}

export function exportExchangeAsHar(exchange: Exchange): void {
  const fileName = `exchange-${exchange.id}.har`;
  const { simulatorUrl } = useInspector.getState();
  const version = useShell.getState().info?.version ?? '';
  downloadText(fileName, JSON.stringify(exchangesToHar([exchange], simulatorUrl, version), null, 2), 'application/json');
  const signed = exchange.signature !== null ? ", the bank's diagnosis in _signature" : '';
  useExportNotice.setState({
    scope: 'exchange',
    notice: `Saved ${fileName}: HAR 1.2 with ${exchangesText(1)}${signed} and the simulated time in _simulatedAt.`,
  });
}
