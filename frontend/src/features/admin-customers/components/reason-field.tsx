import type { ReactNode } from 'react';
import { Textarea } from '@mantine/core';
import { ADMIN_REASON_MAX } from '@walletscreen/contracts';

/**
 * The optional reason an admin gives for an action (a block, an admin removed): the placeholder is
 * the text the server records when it is left empty.
 */
export function ReasonField(props: { description: string; recordedWhenEmpty: string; value: string; onChange: (value: string) => void; error?: ReactNode }) {
  return (
    <Textarea
      label="Reason"
      description={props.description}
      placeholder={props.recordedWhenEmpty}
      maxLength={ADMIN_REASON_MAX}
      autosize
      minRows={2}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.error}
      data-autofocus
    />
  );
}
