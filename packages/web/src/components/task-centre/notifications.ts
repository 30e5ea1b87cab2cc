/**
 * Turning notifications on: asks the browser for the permission and, once granted, tells the
 * server (the one-time task). Answers what happened so the page can say it.
 */
import { reportNotificationsOn } from '../../state/queries/task';

export type NotifyOutcome = 'on' | 'denied' | 'unsupported';

export async function turnOnNotifications(): Promise<NotifyOutcome> {
  if (typeof Notification === 'undefined') return 'unsupported';
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  await reportNotificationsOn();
  return 'on';
}
