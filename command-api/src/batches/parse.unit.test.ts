import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { BATCH_LIMITS } from '@walletscreen/contracts';
import { parseBatchCsv, parseBatchJson } from './parse';

const wallets = [
  'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m',
  '0xa7e9eFD6dC321B669Dd2533a29735C6a5d56eB45',
  'ltc1qwjlaltt0j7xqsy0tg08j7a2m3rc0ecv580uwzj',
  'DBMwyhPCsSMjtk86GKTWh6rxE4Fq25d722',
];

describe('parseBatchCsv', () => {
  it('reads back any file csv-stringify writes, whatever the references hold (commas, quotes, line breaks aside)', () => {
    const row = fc.record({
      wallet: fc.constantFrom(...wallets),
      reference: fc.string({ maxLength: 40 }).filter((r) => !/[\p{Cc}#]/u.test(r) && r.trim() === r),
    });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 30 }), fc.constantFrom(',', ';', '\t'), (rows, delimiter) => {
        const csv = stringify([['address', 'reference'], ...rows.map((r) => [r.wallet, r.reference])], { delimiter, quoted_match: /[#]/ });
        const parsed = parseBatchCsv(csv);
        expect(parsed.errors).toEqual([]);
        expect(parsed.rows.map((r) => r.input)).toEqual(rows.map((r) => r.wallet));
        expect(parsed.rows.map((r) => r.reference ?? '')).toEqual(rows.map((r) => r.reference));
        expect(parsed.rows.map((r) => r.line)).toEqual(rows.map((_, i) => i + 2));
        expect(parsed.walletCount).toBe(new Set(rows.map((r) => r.wallet)).size);
      }),
    );
  });

  it('reads a file without a header as address, network, reference', () => {
    const parsed = parseBatchCsv(`${wallets[1]},polygon,client-9\n${wallets[0]}\n`);
    expect(parsed.rows).toEqual([
      { line: 1, input: wallets[1], address: wallets[1], network: 'polygon', reference: 'client-9' },
      { line: 2, input: wallets[0], address: wallets[0], network: 'bitcoin' },
    ]);
  });

  it('marks a wallet repeated in another case (an EVM address) as the same wallet', () => {
    const parsed = parseBatchCsv(`address,network\n${wallets[1]},ethereum\n${wallets[1]!.toLowerCase()},ethereum\n${wallets[1]},polygon\n`);
    expect(parsed.rows.map((r) => r.sameAs)).toEqual([undefined, 2, undefined]);
    expect(parsed.walletCount).toBe(2);
  });

  it('refuses more rows than a batch takes, and gives the same content the same hash', () => {
    const big = ['address', ...Array.from({ length: BATCH_LIMITS.maxRows + 1 }, () => wallets[0])].join('\n');
    expect(parseBatchCsv(big).errors).toEqual([
      { line: BATCH_LIMITS.maxRows + 2, message: 'The file has more than 10,000 rows: split it into several batches' },
    ]);
    expect(parseBatchCsv(`address\n${wallets[0]}\n`).contentHash).toBe(parseBatchCsv(`\uFEFFwallet\r\n${wallets[0]}\r\n\r\n`).contentHash);
    expect(parseBatchJson([{ address: wallets[0]! }]).contentHash).toBe(parseBatchCsv(`address\n${wallets[0]}`).contentHash);
  });
});
