import type { FormEventHandler, ReactNode } from 'react';
import { Button, Group, Modal, Stack, type MantineColor, type ModalProps } from '@mantine/core';

/**
 * A form in a modal: its title (also the form's accessible name), its fields, then Cancel and the
 * submit button, which shows the request running (Cancel is held while it does).
 */
export function FormModal(props: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel: string;
  submitColor?: MantineColor;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered size={props.size} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={props.onSubmit} noValidate aria-label={props.title}>
        <Stack gap="md">
          {props.children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose} disabled={props.pending}>
              Cancel
            </Button>
            <Button type="submit" color={props.submitColor} loading={props.pending}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
