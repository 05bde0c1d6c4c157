import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { BridgeProvider, pickBridge } from './api/bridge.tsx';
import { reportUnhandledErrors } from './api/error-reporter.ts';
import { warmQrEncoder } from './components/qr-modules.ts';
import { CustomerDisplay } from './screens/customer-display/CustomerDisplay.tsx';
import './styles/fonts.css';
import './styles/fonts-sc.css';
import './styles/app.css';
import './styles/counter.css';

// One bundle, two pages: the cashier app, and the customer display (chosen by path: Electron loads
// app://wallet-pos/customer-display in the second window, the preview serves /customer-display).

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const bridge = pickBridge(window);
const customerDisplay = /\/customer-display(?:\.html)?\/?$/.test(window.location.pathname);
// The cashier's page sends its unhandled errors to main's renderer log; the customer display may not call
// log.rendererError (core/security/window-channels.ts), its crashes reach main's log as render-process-gone.
if (!customerDisplay) reportUnhandledErrors(window, bridge);

// Both pages draw payment QRs: the encoder's first (slow) run happens now, not on the first sale.
warmQrEncoder();

createRoot(root).render(
  <StrictMode>
    <BridgeProvider bridge={bridge}>{customerDisplay ? <CustomerDisplay /> : <App />}</BridgeProvider>
  </StrictMode>,
);
