// The one store of the bank's lists the Phone and the Bank read, following this window's host.
// Screens keep their own UI state (selection, the PSU signed in) in their own stores.
import { workbench } from '../api';
import { createResourceStore } from './resource-store';

export const { useResources, retainResources, resourceCommand, showMore, refreshResources } = createResourceStore(workbench);
