// The alarm watcher's browser state: whether this browser rings, and what it rings with.
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { createBrowserNotifier, createWebAudioSound } from '../utils/alarm-signals';
import type { AlarmSignals } from '../utils/alarm-signals';

/** 'Mute alarms', remembered per browser. */
export const alarmsMutedAtom = atomWithStorage('sentinel.alarms.muted', false, undefined, {
  getOnInit: true,
});

/** The tone and the desktop notification; the browser's own unless replaced (jsdom has neither). */
export const alarmSignalsAtom = atom<AlarmSignals>({
  sound: createWebAudioSound(),
  notifier: createBrowserNotifier(),
});
