import { useEffect, useMemo } from 'react';
import { useBank } from '../state/bank';
import { useCurlView } from '../state/curl-view';
import { useFlowRun } from '../state/flow-run';
import { useFlows } from '../state/flows';
import { useInspector } from '../state/inspector';
import { usePhone } from '../state/phone';
import { retainResources, useResources } from '../state/resources';
import { useShell } from '../state/shell';
import { usePresent } from '../state/present';
import { useTextSize } from '../state/text-size';
import { useTheme } from '../state/theme';
import type { Command } from './commands';
import { buildCommands } from './commands';

/** The commands as the stores stand now, rebuilt as they change while the palette is open. */
export function useCommands(): Command[] {
  const shell = useShell();
  const inspector = useInspector();
  const curlView = useCurlView();
  const phone = usePhone();
  const bank = useBank();
  const resources = useResources();
  const flows = useFlows();
  const flowRun = useFlowRun();
  const theme = useTheme();
  const present = usePresent();
  const textSize = useTextSize();

  // The Phone's commands act on the journeys waiting now, whichever screen is shown.
  useEffect(retainResources, []);
  useEffect(() => void usePhone.getState().loadPsus(), []);
  // "Start flow: …" for each flow of the library.
  useEffect(() => void useFlows.getState().load(), []);

  return useMemo(
    () => buildCommands({ shell, inspector, curlView, phone, bank, resources, flows, flowRun, theme, present, textSize }),
    [shell, inspector, curlView, phone, bank, resources, flows, flowRun, theme, present, textSize],
  );
}
