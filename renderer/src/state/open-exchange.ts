// Opens an exchange of the traffic log in the Inspector, from a diagram arrow or a step:
// selected when the Inspector lists it (its record fetched then), fetched and inserted when it does not.
import { workbench } from '../api';
import { errorText } from './host-events';
import { useInspector } from './inspector';
import { useShell } from './shell';

export async function openExchangeInInspector(id: number): Promise<string | null> {
  const inspector = useInspector.getState();
  const row = inspector.rows.find((r) => r.summary.id === id);
  try {
    if (row) inspector.select(id);
    else inspector.show(await workbench.getExchange(id));
  } catch (err) {
    return errorText(err);
  }
  useShell.getState().setScreen('inspector');
  return null;
}
