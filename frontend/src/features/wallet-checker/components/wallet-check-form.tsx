import { useMemo, useState, type ClipboardEvent, type FormEvent } from 'react';
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { IconShieldSearch } from '@tabler/icons-react';
import { isSanctionsOnlyNetwork, networkNames, networksFor, parseAddress, type Network } from '@walletscreen/contracts';
import { ClearableTextInput } from '../../../components/clearable-text-input';
import type { CheckTarget } from '../check-runner';

export interface WalletCheckFormProps {
  running: boolean;
  onCheck: (target: CheckTarget) => void;
  /** The server's answer to the last check, shown under the input until the address is edited. */
  serverError: string | null;
  /** An address to fill in (a link from a fund-flow graph): filled in and focused, never checked until asked. */
  initialAddress?: string;
  /** Its network, chosen when the address is valid on more than one. */
  initialNetwork?: Network;
}

/**
 * The wallet address input (with a clear button), the network when the address is valid on more
 * than one (an EVM address on every EVM chain, a legacy 3… on Bitcoin, Bitcoin Cash and Litecoin;
 * the first is the default) and the Check button. An empty address does nothing; an address that
 * does not parse is refused here, before any request, with the reason under the input.
 */
export function WalletCheckForm({ running, onCheck, serverError, initialAddress = '', initialNetwork }: WalletCheckFormProps) {
  const [address, setAddress] = useState(initialAddress);
  const [network, setNetwork] = useState<Network | null>(initialNetwork ?? null);
  const [localError, setLocalError] = useState<string | null>(null);
  // A filled-in address is a new one: the last check's error is not about it.
  const [editedSinceCheck, setEditedSinceCheck] = useState(initialAddress !== '');

  const trimmed = address.trim();
  const choices = useMemo(() => networksFor(trimmed), [trimmed]);
  // The chosen network while the address is valid on it; otherwise the address's default.
  const chosen = choices.length > 1 ? (network !== null && choices.includes(network) ? network : choices[0]) : undefined;

  const edit = (value: string) => {
    setAddress(value);
    setLocalError(null);
    setEditedSinceCheck(true);
  };

  // An address copied from an explorer or a chat often brings spaces or a line break with it: the
  // pasted text goes in trimmed, so the field shows what will be checked.
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    const clean = pasted.trim();
    if (clean === pasted) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? address.length;
    const end = input.selectionEnd ?? address.length;
    edit(address.slice(0, start) + clean + address.slice(end));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running || trimmed === '') return;
    const parsed = parseAddress(trimmed, chosen);
    // Text that does not parse (a typo'd or unknown form included) may still be on the sanctions list
    // as written, as OFAC lists some: the server screens it as such (network `other`), or refuses it
    // with this same reason. Only text no list can hold (with spaces, too long) is refused here.
    const listedTextMaybe = !parsed.ok && chosen === undefined && parseAddress(trimmed, 'other').ok;
    if (!parsed.ok && !listedTextMaybe) {
      setLocalError(parsed.reason);
      return;
    }
    setLocalError(null);
    setEditedSinceCheck(false);
    onCheck({
      request: { wallet_address: trimmed, ...(chosen ? { network: chosen } : {}) },
      address: parsed.ok ? parsed.address.normalized : trimmed,
      network: parsed.ok ? parsed.address.network : 'other',
    });
  };

  const error = localError ?? (editedSinceCheck ? null : serverError);

  return (
    <form onSubmit={submit} noValidate aria-label="Wallet check">
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <ClearableTextInput
            label="Wallet address"
            placeholder="Enter a wallet address, e.g. 0x… or bc1…"
            value={address}
            onChange={(event) => edit(event.currentTarget.value)}
            onClear={() => edit('')}
            onPaste={paste}
            error={error}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            classNames={{ input: 'ws-mono' }}
            style={{ flex: '1 1 22rem', minWidth: 0 }}
            data-testid="wallet-address-input"
            autoFocus={initialAddress !== ''}
          />
          {chosen ? (
            <NativeSelect
              label="Network"
              data={choices.map((value) => ({
                value,
                label: isSanctionsOnlyNetwork(value) ? `${networkNames[value]} (sanctions lists only)` : networkNames[value],
              }))}
              value={chosen}
              onChange={(event) => {
                const value = event.currentTarget.value;
                const picked = choices.find((n) => n === value);
                if (picked) setNetwork(picked);
              }}
              style={{ flex: '0 0 11rem' }}
              data-testid="network-select"
            />
          ) : null}
        </Group>
        <Group>
          <Button type="submit" disabled={running} leftSection={<IconShieldSearch size={16} aria-hidden="true" />} data-testid="check-button">
            {running ? 'Checking...' : 'Check'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
