import { createRoot } from 'react-dom/client';
import { loadAppSettings } from '@sentinel/api-sdk';
import '@sentinel/ui/styles.css';
import './styles.css';
import { App } from './app/app';

// Settings first (burnInURL); a failure is only logged and the defaults are used.
async function start(): Promise<void> {
  const settings = await loadAppSettings();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(<App settings={settings} />);
}

void start();
