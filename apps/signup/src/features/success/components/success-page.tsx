import { useEffect } from 'react';
import { PRODUCT_NAME } from '@sentinel/domain';
import appStoreBadge from '../assets/app-store-badge.svg';
import googlePlayBadge from '../assets/google-play-badge.svg';

/** The stores' pages of the mobile app (see the README: the listing addresses are the product's to set). */
export const STORE_LINKS = {
  ios: 'https://apps.apple.com/za/app/sentinel-vehicle-security/id6450000000',
  android: 'https://play.google.com/store/apps/details?id=com.sentinel.vehiclesecurity',
} as const;

/**
 * The two links as the stores' own badges (drawn here, served with the app). Each image's
 * alternative text is the badge's words, so it names the link as a person reads it.
 */
const STORE_BADGES = [
  { href: STORE_LINKS.ios, src: appStoreBadge, name: 'Download on the App Store', width: 120 },
  { href: STORE_LINKS.android, src: googlePlayBadge, name: 'Get it on Google Play', width: 135 },
] as const;

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
        {STORE_BADGES.map(({ href, src, name, width }) => (
          <li key={href}>
            <a href={href} className="success__store">
              <img src={src} alt={name} width={width * 1.2} height={48} />
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
