import { useEffect } from 'react';
import { PRODUCT_NAME } from '@sentinel/domain';

/** The stores' pages of the mobile app (see the README: the listing addresses are the product's to set). */
export const STORE_LINKS = {
  ios: 'https://apps.apple.com/za/app/sentinel-vehicle-security/id6450000000',
  android: 'https://play.google.com/store/apps/details?id=com.sentinel.vehiclesecurity',
} as const;

/** Success (spec part 2 §2): welcome, and the two store links to download the app. */
export function SuccessPage() {
  useEffect(() => {
    document.title = 'Success';
  }, []);
  return (
    <main className="success">
      <h1>Welcome to {PRODUCT_NAME}</h1>
      <p>
        You are one step closer to securing your vehicle. Download the {PRODUCT_NAME} app from the app store
        to continue.
      </p>
      <ul className="success__stores">
        <li>
          <a href={STORE_LINKS.ios}>Download on the App Store</a>
        </li>
        <li>
          <a href={STORE_LINKS.android}>Get it on Google Play</a>
        </li>
      </ul>
    </main>
  );
}
