import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';
import type { NotificationsProps } from '@mantine/notifications';

/**
 * Mantine's notifications container, loaded with the first notification: it brings its transitions
 * and a scroll-lock library (about a twelfth of the landing page's script), and most visits show no
 * notification. `notifications.show()` fills Mantine's store whether or not the container is
 * mounted, so a notification shown before the code is in appears once it is.
 */
const Notifications = lazy(() => import('./mantine-notifications').then((m) => ({ default: m.Notifications })));

export function DeferredNotifications(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
