import { Notification } from 'electron';
import type { Notifier } from '../core/notifier';

export const electronNotifier: Notifier = {
  notify(title, body) {
    if (Notification.isSupported()) new Notification({ title, body, silent: false }).show();
  },
};
