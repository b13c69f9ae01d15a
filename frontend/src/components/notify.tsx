import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';

/** A done action said in a corner notification (green, with its check mark). */
export function notifyDone(message: ReactNode, title?: string): void {
  notifications.show({ color: 'teal', ...(title ? { title } : {}), message, icon: <IconCheck size={18} aria-hidden="true" /> });
}

/** A failed action said in a corner notification: `title`, then the server's reason (or "Please try again."). */
export const notifyFailure =
  (title: string) =>
  (error: unknown): void => {
    notifications.show({
      color: 'red',
      title,
      message: (error instanceof Error && error.message) || 'Please try again.',
      icon: <IconAlertCircle size={18} aria-hidden="true" />,
    });
  };
