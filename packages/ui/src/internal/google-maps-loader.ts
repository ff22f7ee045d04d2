import { useJsApiLoader } from '@react-google-maps/api';

// One loader id and one set of options for the whole app: Google's loader refuses a second set-up
// with other options, so every map of the kit loads the script through this hook.
const LOADER_ID = 'sentinel-google-maps';

/** Loads Google's Maps JavaScript API once for the app, with the appsettings key. */
export function useGoogleMapsScript(apiKey: string) {
  return useJsApiLoader({ id: LOADER_ID, googleMapsApiKey: apiKey });
}
