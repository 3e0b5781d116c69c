import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { hostReady, phoneLinkPage } from './api';
import { PhoneLinkApp } from './screens/phone/PhoneLinkApp';
import { restoreTextSize } from './state/text-size';
import { restoreTheme } from './state/theme';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('renderer/index.html has no #root element');

restoreTheme();
restoreTextSize();
// The screens read the host after its events reach the page, so none can miss a change (see openEvents).
void hostReady.then(() => createRoot(container).render(<StrictMode>{phoneLinkPage ? <PhoneLinkApp /> : <App />}</StrictMode>));
