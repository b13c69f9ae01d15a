import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { addressMessages, toChecksumAddress } from '@walletscreen/contracts';
import { WalletCheckForm } from './wallet-check-form';

const EVM = '0x8f3a21c6b7e94d05a1cc92e4f7b60d3e5a9c41b2';
const BITCOIN = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const P2SH = '3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC';

function renderForm(props: Partial<Parameters<typeof WalletCheckForm>[0]> = {}) {
  const onCheck = jest.fn();
  render(
    <MantineProvider env="test">
      <WalletCheckForm running={false} onCheck={onCheck} serverError={null} {...props} />
    </MantineProvider>,
  );
  const input = screen.getByLabelText('Wallet address');
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  const check = () => fireEvent.click(screen.getByRole('button', { name: 'Check' }));
  return { onCheck, type, check };
}

describe('the wallet check form', () => {
  it('does nothing for an empty or blank address', () => {
    const { onCheck, type, check } = renderForm();
    check();
    type('   ');
    check();
    expect(onCheck).not.toHaveBeenCalled();
    expect(screen.queryByText(addressMessages.empty)).toBeNull();
  });

  it('refuses an address that does not parse and no list can hold (it has a space), with the reason under the input, before any request', () => {
    const { onCheck, type, check } = renderForm();
    type('0x12 34');
    check();
    expect(onCheck).not.toHaveBeenCalled();
    screen.getByText(addressMessages.evmLength);
    // Editing clears the message.
    type('0x12 345');
    expect(screen.queryByText(addressMessages.evmLength)).toBeNull();
  });

  it('sends a mistyped-looking text to the server, which screens it when the sanctions list holds it as written (OFAC lists some)', () => {
    const { onCheck, type, check } = renderForm();
    type('199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz');
    check();
    expect(onCheck).toHaveBeenCalledWith({
      request: { wallet_address: '199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz' },
      address: '199N4wjNjzDzbhASFiW3EvSX7dBa9s99cz',
      network: 'other',
    });
  });

  it('sends text that is no address to the server, which screens it when the sanctions list holds it as written', () => {
    const { onCheck, type, check } = renderForm();
    type('LISTED-TEXT-7');
    check();
    expect(onCheck).toHaveBeenCalledWith({ request: { wallet_address: 'LISTED-TEXT-7' }, address: 'LISTED-TEXT-7', network: 'other' });
    // Text with spaces is no listed string: refused at once.
    type('two words');
    check();
    expect(onCheck).toHaveBeenCalledTimes(1);
    screen.getByText(addressMessages.unrecognized);
  });

  it('offers the EVM networks for an EVM address, Ethereum by default, and no choice for a single-network address', () => {
    const { type } = renderForm();
    type(BITCOIN);
    expect(screen.queryByLabelText('Network')).toBeNull();
    type(EVM);
    const select = screen.getByLabelText('Network') as HTMLSelectElement;
    expect(select.value).toBe('ethereum');
    expect(Array.from(select.options).map((o) => o.text)).toEqual([
      'Ethereum',
      'BNB Chain',
      'Polygon',
      'Arbitrum',
      'Base',
      'Optimism',
      'Ethereum Classic (sanctions lists only)',
    ]);
  });

  it('puts a pasted address in trimmed of the spaces and line breaks around it', () => {
    renderForm();
    const input = screen.getByLabelText('Wallet address') as HTMLInputElement;
    fireEvent.paste(input, { clipboardData: { getData: () => `  ${BITCOIN}\r\n` } });
    expect(input.value).toBe(BITCOIN);
  });

  it('sends the trimmed address with the chosen network', () => {
    const { onCheck, type, check } = renderForm();
    type(`  ${EVM}  `);
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'arbitrum' } });
    check();
    expect(onCheck).toHaveBeenCalledWith({
      request: { wallet_address: EVM, network: 'arbitrum' },
      address: toChecksumAddress(EVM),
      network: 'arbitrum',
    });
  });

  it('offers Bitcoin, Bitcoin Cash and Litecoin for a legacy 3… address, and sends the one chosen', () => {
    const { onCheck, type, check } = renderForm();
    type(P2SH);
    const select = screen.getByLabelText('Network') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.text)).toEqual(['Bitcoin', 'Bitcoin Cash', 'Litecoin', 'Bitcoin SV (sanctions lists only)']);
    expect(select.value).toBe('bitcoin');
    fireEvent.change(select, { target: { value: 'litecoin' } });
    check();
    expect(onCheck).toHaveBeenCalledWith({
      request: { wallet_address: P2SH, network: 'litecoin' },
      address: expect.stringMatching(/^M/),
      network: 'litecoin',
    });
  });

  it('falls back to the default network when the address changes to one the choice does not fit', () => {
    const { onCheck, type, check } = renderForm();
    type(EVM);
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'polygon' } });
    type(P2SH);
    expect((screen.getByLabelText('Network') as HTMLSelectElement).value).toBe('bitcoin');
    check();
    expect(onCheck).toHaveBeenCalledWith({ request: { wallet_address: P2SH, network: 'bitcoin' }, address: P2SH, network: 'bitcoin' });
  });

  it('sends no network for other chains', () => {
    const { onCheck, type, check } = renderForm();
    type(BITCOIN);
    check();
    expect(onCheck).toHaveBeenCalledWith({ request: { wallet_address: BITCOIN }, address: BITCOIN, network: 'bitcoin' });
  });

  it('reads "Checking..." and is disabled while a check runs', () => {
    renderForm({ running: true });
    expect((screen.getByRole('button', { name: 'Checking...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server answer under the input', () => {
    renderForm({ serverError: 'Failed to fetch wallet analysis. Please try again.' });
    screen.getByText('Failed to fetch wallet analysis. Please try again.');
  });
});

describe('an address filled in by a link (a fund-flow graph)', () => {
  it('fills the address and its network in, focused, and checks nothing until asked', () => {
    const { onCheck, check } = renderForm({ initialAddress: EVM, initialNetwork: 'polygon', serverError: 'The last check failed.' });
    const input = screen.getByLabelText('Wallet address') as HTMLInputElement;
    expect(input.value).toBe(EVM);
    expect(document.activeElement).toBe(input);
    expect((screen.getByLabelText('Network') as HTMLSelectElement).value).toBe('polygon');
    // The last check's error is not about this address.
    expect(screen.queryByText('The last check failed.')).toBeNull();
    expect(onCheck).not.toHaveBeenCalled();
    check();
    expect(onCheck).toHaveBeenCalledWith({ request: { wallet_address: EVM, network: 'polygon' }, address: toChecksumAddress(EVM), network: 'polygon' });
  });
});
