import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { shortenAddress } from '@walletscreen/contracts';

/** The copy confirmation shows for one second (spec §9). */
export const COPIED_TOOLTIP_MS = 1_000;

/** A copy-to-clipboard icon button whose tooltip says "Copied" for a second after a click. */
export function CopyIconButton({ value, label = 'Copy address' }: { value: string; label?: string }) {
  return (
    <CopyButton value={value} timeout={COPIED_TOOLTIP_MS}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} position="top" opened={copied ? true : undefined} events={{ hover: true, focus: true, touch: false }}>
          <ActionIcon variant="subtle" color={copied ? 'accent' : 'gray'} onClick={copy} aria-label={label} size="md">
            {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/**
 * A wallet address in monospace with a copy button. With `shorten` it shows the first 6
 * characters, "..." and the last 4; with `wrap` the whole address, broken across lines where it
 * must (the result card, where the full address is the point, on a phone too); otherwise a full
 * address that does not fit is cut with an ellipsis. The full address is in the title and is what
 * gets copied.
 */
export function CopyAddress({ address, shorten = false, wrap = false, copyLabel }: { address: string; shorten?: boolean; wrap?: boolean; copyLabel?: string }) {
  const shown = shorten ? shortenAddress(address) : address;
  return (
    <Group gap={4} wrap="nowrap" miw={0} align={wrap ? 'flex-start' : 'center'}>
      {wrap ? (
        <Text component="span" className="ws-mono" title={address} miw={0} style={{ overflowWrap: 'anywhere' }} data-testid="full-address">
          {shown}
        </Text>
      ) : (
        <Text component="span" className="ws-mono" title={address} truncate="end" miw={0}>
          {shown}
        </Text>
      )}
      <CopyIconButton value={address} label={copyLabel ?? 'Copy address'} />
    </Group>
  );
}
