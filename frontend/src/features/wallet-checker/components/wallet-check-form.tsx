import { useMemo, useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { IconShieldSearch } from '@tabler/icons-react';
import { evmNetworks, networkNames, parseAddress, type EvmNetwork } from '@walletscreen/contracts';
import { ClearableTextInput } from '../../../components/clearable-text-input';
import type { CheckTarget } from '../check-runner';

const networkOptions = evmNetworks.map((network) => ({ value: network, label: networkNames[network] }));

function isEvmNetwork(value: string): value is EvmNetwork {
  return (evmNetworks as readonly string[]).includes(value);
}

export interface WalletCheckFormProps {
  running: boolean;
  onCheck: (target: CheckTarget) => void;
  /** The server's answer to the last check, shown under the input until the address is edited. */
  serverError: string | null;
}

/**
 * The wallet address input (with a clear button), the network of an EVM address (Ethereum unless
 * another chain is chosen) and the Check button. An empty address does nothing; an address that
 * does not parse is refused here, before any request, with the reason under the input.
 */
export function WalletCheckForm({ running, onCheck, serverError }: WalletCheckFormProps) {
  const [address, setAddress] = useState('');
  const [network, setNetwork] = useState<EvmNetwork>('ethereum');
  const [localError, setLocalError] = useState<string | null>(null);
  const [editedSinceCheck, setEditedSinceCheck] = useState(false);

  const trimmed = address.trim();
  const isEvm = useMemo(() => {
    if (trimmed === '') return false;
    const parsed = parseAddress(trimmed);
    return parsed.ok && parsed.address.chain === 'evm';
  }, [trimmed]);

  const edit = (value: string) => {
    setAddress(value);
    setLocalError(null);
    setEditedSinceCheck(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running || trimmed === '') return;
    const chosen = isEvm ? network : undefined;
    const parsed = parseAddress(trimmed, chosen);
    if (!parsed.ok) {
      setLocalError(parsed.reason);
      return;
    }
    setLocalError(null);
    setEditedSinceCheck(false);
    onCheck({
      request: { wallet_address: trimmed, ...(chosen ? { network: chosen } : {}) },
      address: parsed.address.normalized,
      network: parsed.address.network,
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
            error={error}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            classNames={{ input: 'ws-mono' }}
            style={{ flex: '1 1 22rem', minWidth: 0 }}
            data-testid="wallet-address-input"
          />
          {isEvm ? (
            <NativeSelect
              label="Network"
              data={networkOptions}
              value={network}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isEvmNetwork(value)) setNetwork(value);
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
