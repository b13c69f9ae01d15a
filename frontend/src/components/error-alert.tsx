import type { ReactNode } from 'react';
import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * A refusal or failure said above a form or in place of what could not be shown: red, announced
 * to screen readers (`role="alert"`), with its icon. Nothing when there is nothing to say.
 */
export function ErrorAlert({ children, ...props }: Omit<AlertProps, 'color' | 'variant' | 'icon' | 'role'> & { children?: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />} {...props}>
      {children}
    </Alert>
  );
}
