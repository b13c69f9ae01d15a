/** The export's pages over a real SQLite read model: every matching check once, even with many at one moment and checks landing mid-way. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { SqliteReadStore } from '@walletscreen/platform/adapters';
import { checks, type CheckDoc } from '@walletscreen/projections/checks/queries';
import { historyPages } from './history-export';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const doc = (id: string, at: string, user = 'u1'): CheckDoc => ({
  id,
  user_id: user,
  wallet_address: `w-${id}`,
  input: `w-${id}`,
  chain: 'bitcoin',
  network: 'bitcoin',
  status: 'completed',
  stage: 7,
  created_at: at,
  completed_at: at,
  charge_source: 'bonus',
  risk_score: 0,
  risk_level: 'Low Risk',
  aml_status: 'Compliant',
  result: null,
  error: null,
  evidence_sources: [],
});

it('yields every matching check once, newest first, however many share a moment and whatever lands during the export', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 120 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 0, max: 3 }),
      async (moments, pageSize, landing) => {
        const store = new SqliteReadStore({ file: path.join(dir, `r${run++}.db`) });
        try {
          const docs = moments.map((m, i) => doc(`c${String(i).padStart(5, '0')}`, `2026-11-0${m + 1}T10:00:00.000Z`));
          await store.commit(docs.map((d) => ({ collection: checks.name, id: d.id, doc: d })));
          await store.commit([{ collection: checks.name, id: 'other', doc: doc('other', '2026-11-03T10:00:00.000Z', 'u2') }]);
          const seen: string[] = [];
          let pages = 0;
          for await (const page of historyPages(store, {}, 'u1', pageSize)) {
            seen.push(...page.map((d) => d.id));
            if (seen.length > docs.length + landing) break; // repeating rows: fail below rather than loop forever
            // Newer checks land while the export runs: they are after its start, so not in it.
            if (pages++ < landing) await store.commit([{ collection: checks.name, id: `new${pages}`, doc: doc(`new${pages}`, '2026-11-09T10:00:00.000Z') }]);
          }
          const expected = [...docs].sort((a, b) => b.created_at.localeCompare(a.created_at)).map((d) => d.id);
          expect(new Set(seen).size).toBe(seen.length);
          expect([...seen].sort()).toEqual([...expected].sort());
          const times = seen.map((id) => docs.find((d) => d.id === id)!.created_at);
          expect(times).toEqual([...times].sort().reverse());
        } finally {
          await store.close();
        }
      },
    ),
    { numRuns: 40 },
  );
}, 60_000);
