import { createRoot } from 'react-dom/client';
import { loadAppSettings } from '@sentinel/api-sdk';
import '@sentinel/ui/styles.css';
import './styles.css';
import { createApp } from './app/create-app';

// The settings decide the api's URL, so they are loaded before anything renders; a failure is only
// logged (inside loadAppSettings) and the app runs on its defaults.
async function start(): Promise<void> {
  // ./appsettings.json beside the app itself, not beside a deep link such as /agent/clients/7/account/view.
  const settings = await loadAppSettings({ url: `${import.meta.env.BASE_URL}appsettings.json` });
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(createApp({ settings }).element);
}

void start();
