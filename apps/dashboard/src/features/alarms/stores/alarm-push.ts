// The browser's service worker and Push API behind alarm notifications; replaced where there are
// none (jsdom), as the ring's signals are.
import { atom } from 'jotai';
import { createBrowserPush } from '../utils/alarm-push';
import type { AlarmPushBrowser } from '../utils/alarm-push';

export const alarmPushBrowserAtom = atom<AlarmPushBrowser>(createBrowserPush());
