import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '@walletscreen/platform';
import { legalDocumentSchema } from '@walletscreen/contracts';
import { LEGAL_FILE_MAX_BYTES, loadLegalDocuments } from './legal';

const operator = { name: 'Desk Compliance GmbH', email: 'legal@desk.example' };
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ws-legal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, content: string | Buffer) => {
  const at = path.join(dir, name);
  writeFileSync(at, content);
  return at;
};

/** The ConfigError's problems, or a failure when it does not throw one. */
function problemsOf(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadLegalDocuments', () => {
  it('without files, gives the default Terms and Privacy notice in Markdown, naming the operator and its address', () => {
    const docs = loadLegalDocuments({}, operator);
    for (const id of ['terms', 'privacy'] as const) {
      const doc = legalDocumentSchema.parse(docs[id]);
      expect(doc).toMatchObject({ document: id, format: 'markdown', operator_provided: false });
      expect(doc.content).toContain('Desk Compliance GmbH');
      expect(doc.content).toContain('[legal@desk.example](mailto:legal@desk.example)');
      // Visitors never read the settings' names.
      expect(doc.content).not.toMatch(/_FILE|CONTACT_EMAIL|SELLER_NAME/);
    }
    expect(docs.terms.title).toBe('Terms of Service');
    expect(docs.privacy.title).toBe('Privacy notice');
  });

  it("serves the operator's Markdown and HTML files as written, each in its format", () => {
    const docs = loadLegalDocuments(
      { TERMS_FILE: file('terms.md', '\uFEFF# Our terms\n\nBe nice.\n'), PRIVACY_FILE: file('privacy.HTML', '<h2>Privacy</h2><p>We keep little.</p>') },
      operator,
    );
    expect(docs.terms).toEqual({
      document: 'terms',
      title: 'Terms of Service',
      format: 'markdown',
      content: '# Our terms\n\nBe nice.\n',
      operator_provided: true,
    });
    expect(docs.privacy).toMatchObject({ format: 'html', content: '<h2>Privacy</h2><p>We keep little.</p>', operator_provided: true });
    // One set, the other still the default.
    expect(loadLegalDocuments({ PRIVACY_FILE: path.join(dir, 'privacy.HTML') }, operator).terms.operator_provided).toBe(false);
  });

  it('refuses, naming each variable and the fix, a file that is missing, empty, too large or neither Markdown nor HTML', () => {
    expect(problemsOf(() => loadLegalDocuments({ TERMS_FILE: path.join(dir, 'absent.md'), PRIVACY_FILE: file('privacy.md', ' \n') }, operator))).toEqual([
      `TERMS_FILE: cannot read "${path.join(dir, 'absent.md')}" (there is no such file); point it at a readable file or unset it to show the default text`,
      `PRIVACY_FILE: "${path.join(dir, 'privacy.md')}" is empty; write the text in it or unset it to show the default text`,
    ]);
    expect(problemsOf(() => loadLegalDocuments({ TERMS_FILE: file('terms.pdf', 'x') }, operator))).toEqual([
      `TERMS_FILE: "${path.join(dir, 'terms.pdf')}" must be a Markdown (.md, .markdown) or HTML (.html, .htm) file`,
    ]);
    expect(problemsOf(() => loadLegalDocuments({ PRIVACY_FILE: file('big.md', Buffer.alloc(LEGAL_FILE_MAX_BYTES + 1, 'a')) }, operator))).toEqual([
      `PRIVACY_FILE: "${path.join(dir, 'big.md')}" is larger than 512 KB`,
    ]);
  });
});
