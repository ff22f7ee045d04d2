// How a new alarm is made known beyond the screen: a short generated tone and a desktop notification.
// Behind two small interfaces, so the browser's implementations can be swapped where there is no
// audio or notification (jsdom), and a test can see that they were asked for.

/** Plays the new-alarm tone. */
export interface AlarmSound {
  play(): void;
}

export type AlarmNotificationPermission = 'default' | 'granted' | 'denied' | 'unsupported';

/** Desktop notifications (the Notification API). */
export interface AlarmNotifier {
  permission(): AlarmNotificationPermission;
  /** Asks the person once; the browser remembers the answer. */
  requestPermission(): Promise<AlarmNotificationPermission>;
  notify(title: string, body: string): void;
}

export interface AlarmSignals {
  sound: AlarmSound;
  notifier: AlarmNotifier;
}

/**
 * Two short beeps at 880 Hz, made with the Web Audio API (no file to download or cache). The context
 * is made on the first alarm; a browser that holds audio until the person has used the page resumes
 * it then (the queue page's buttons count as that use).
 */
export function createWebAudioSound(): AlarmSound {
  let context: AudioContext | undefined;
  return {
    play() {
      if (typeof AudioContext === 'undefined') return;
      context ??= new AudioContext();
      if (context.state === 'suspended') void context.resume().catch(() => undefined);
      const start = context.currentTime;
      for (const offset of [0, 0.25]) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = 'sine';
        oscillator.frequency.value = 880;
        // A soft attack and release: a hard edge clicks.
        gain.gain.setValueAtTime(0, start + offset);
        gain.gain.linearRampToValueAtTime(0.3, start + offset + 0.02);
        gain.gain.linearRampToValueAtTime(0, start + offset + 0.18);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(start + offset);
        oscillator.stop(start + offset + 0.2);
      }
    },
  };
}

export function createBrowserNotifier(): AlarmNotifier {
  const supported = () => typeof Notification !== 'undefined';
  return {
    permission: () => (supported() ? Notification.permission : 'unsupported'),
    async requestPermission() {
      if (!supported()) return 'unsupported';
      return Notification.requestPermission();
    },
    notify(title, body) {
      if (!supported() || Notification.permission !== 'granted') return;
      const notification = new Notification(title, { body, tag: title });
      // A click brings the dashboard's tab forward.
      notification.onclick = () => window.focus();
    },
  };
}
