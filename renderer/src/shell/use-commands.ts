import { useEffect, useMemo } from 'react';
import { useBank } from '../state/bank';
import { useCurlView } from '../state/curl-view';
import { useInspector } from '../state/inspector';
import { usePhone } from '../state/phone';
import { useShell } from '../state/shell';
import type { Command } from './commands';
import { buildCommands } from './commands';

/** The commands as the stores stand now, rebuilt as they change while the palette is open. */
export function useCommands(): Command[] {
  const shell = useShell();
  const inspector = useInspector();
  const curlView = useCurlView();
  const phone = usePhone();
  const bank = useBank();

  useEffect(() => {
    // The Phone's lists follow host events only while the Phone is shown: fetch them so its
    // commands act on the journeys waiting now.
    void usePhone.getState().load();
  }, []);

  return useMemo(() => buildCommands({ shell, inspector, curlView, phone, bank }), [shell, inspector, curlView, phone, bank]);
}
