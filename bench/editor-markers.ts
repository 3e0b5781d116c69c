/**
 * The payment editor's marker latency: from the text to the markers (validation and placing each
 * issue at its line), the code its worker runs, here in Node. The context comes from the workbench
 * contract as the editor builds it; each bulk is timed valid and with one wrong IBAN check digit
 * near its end; the median of 5 runs after one warm-up.
 */
import { controlClient } from '../shared/control-client';
import { editorContext } from '../renderer/src/screens/editor/language/context';
import { bulkFromTemplate } from '../renderer/src/screens/editor/language/generate-bulk';
import { diagnose } from '../renderer/src/screens/editor/language/validation';
import { fmt } from './report';

export async function editorMarkerRows(simulatorUrl: string, counts: readonly number[]): Promise<string[]> {
  const api = controlClient(simulatorUrl);
  const [info, psus, templates, institutions] = await Promise.all([api.getInfo(), api.listPsus(), api.listTemplates('frankfurt'), api.listInstitutions()]);
  const product = 'pain.001-sepa-credit-transfers';
  const frankfurt = institutions.find((i) => i.id === 'frankfurt');
  if (frankfurt === undefined) throw new Error('no institution frankfurt');
  const context = editorContext({ institution: frankfurt, product, psus, psuId: 'FRA-CREATOR', now: info.now });
  const template = templates.find((t) => t.product === product && t.kind === 'bulk')?.pain001;
  if (template === undefined) throw new Error('no SEPA bulk template at Frankfurt');
  const median = (text: string, problems: number): number => {
    const times: number[] = [];
    for (let run = 0; run < 6; run++) {
      const started = performance.now();
      const found = diagnose(text, context).diagnostics.length;
      if (found !== problems) throw new Error(`expected ${problems} markers, got ${found}`);
      if (run > 0) times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[2] ?? Number.NaN;
  };
  const rows = counts.flatMap((count) => {
    const valid = bulkFromTemplate(template, count);
    const at = valid.lastIndexOf('<IBAN>FR76');
    const broken = `${valid.slice(0, at)}<IBAN>FR77${valid.slice(at + 10)}`;
    const size = `${(valid.length / 2 ** 20).toFixed(1)} MiB`;
    return [
      `| editor markers: ${count.toLocaleString('en')}-transaction bulk (${size}), valid | ${fmt(median(valid, 0))} ms |`,
      `| editor markers: ${count.toLocaleString('en')}-transaction bulk (${size}), one wrong IBAN check digit | ${fmt(median(broken, 1))} ms |`,
    ];
  });
  return ["| payment editor: text to markers (its worker's code, in Node) | time |", '|---|---:|', ...rows];
}
