/**
 * Every event type any workspace records has a human name in the audit log. The event types are
 * read from the event unions themselves: the domain's aggregates' (their zod unions, registered in
 * domain/src/events.ts), and those still written as TypeScript unions (`export type …Event = |
 * { type: '…'; data: … } | …`, parsed with the TypeScript compiler), so a new event type without
 * a name fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { auditEventName, auditEventNames } from '@walletscreen/contracts';
import { declaredEventTypes } from '@walletscreen/domain/events';

const root = path.resolve(__dirname, '..');
const workspaces = ['contracts', 'platform', 'command-api', 'workers', 'projections'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** The `type` literals of the members of every `type XxxEvent = …` union with `data`. */
function recordedEventTypes(): Map<string, string> {
  const found = new Map<string, string>(declaredEventTypes.map((type) => [type, 'domain/src/events.ts']));
  for (const file of workspaces.flatMap((w) => sourceFiles(path.join(root, w, 'src')))) {
    const text = readFileSync(file, 'utf8');
    if (!/type \w+Event\s*=/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    source.forEachChild((node) => {
      if (!ts.isTypeAliasDeclaration(node) || !node.name.text.endsWith('Event')) return;
      const members = ts.isUnionTypeNode(node.type) ? node.type.types : [node.type];
      for (const member of members) {
        if (!ts.isTypeLiteralNode(member)) continue;
        const props = new Map(member.members.filter(ts.isPropertySignature).map((p) => [p.name.getText(source), p]));
        const type = props.get('type')?.type;
        if (!props.has('data') || !type || !ts.isLiteralTypeNode(type) || !ts.isStringLiteral(type.literal)) continue;
        found.set(type.literal.text, `${path.relative(root, file)} (${node.name.text})`);
      }
    });
  }
  return found;
}

describe('human names of the audit log’s events', () => {
  const types = recordedEventTypes();

  it('finds the event unions of every workspace', () => {
    for (const type of ['UserRegistered', 'UserRoleChanged', 'ChecksPurchased', 'WalletCheckCompleted', 'AlertRaised', 'SanctionsListImported', 'WebhookDeliveryAttempted', 'CustomListRemoved']) {
      expect(types.has(type)).toBe(true);
    }
  });

  it('names every recorded event type', () => {
    const unnamed = [...types].filter(([type]) => auditEventNames[type] === undefined).map(([type, where]) => `${type} from ${where}`);
    expect(unnamed).toEqual([]);
  });

  it('gives each type its own name, and names nothing that is not recorded', () => {
    const names = Object.values(auditEventNames);
    expect(new Set(names).size).toBe(names.length);
    // EventIdClaimed is appended by the EventStoreDB adapter without a union of its own.
    expect(Object.keys(auditEventNames).filter((type) => !types.has(type) && type !== 'EventIdClaimed')).toEqual([]);
  });

  it('spells out a type it does not know rather than showing nothing', () => {
    expect(auditEventName('UserRoleChanged')).toBe('Role changed');
    expect(auditEventName('SomethingNewHappened')).toBe('Something new happened');
    expect(auditEventName('')).toBe('');
  });
});
