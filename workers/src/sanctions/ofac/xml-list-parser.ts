/** The SAX plumbing the two XML formats share (SDN.XML, SDN_ADVANCED.XML). */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { SanctionsListError } from '@walletscreen/domain/sanctions-list/errors';
import { ofacFormatNames, type OfacFormat } from '@walletscreen/domain/sanctions-list/events';
import type { OfacListParser, ParsedOfacList } from './parsed-list';

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Runs a SAX parser over the chunks, turning its errors into clear ones. */
export abstract class XmlListParser implements OfacListParser {
  protected readonly path: string[] = [];
  protected text = '';
  protected capturing = false;
  private readonly sax = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });

  constructor(protected readonly format: OfacFormat) {
    this.sax.on('opentag', (tag: SaxesTagPlain) => {
      const name = localName(tag.name);
      const parent = this.path[this.path.length - 1];
      this.path.push(name);
      this.text = '';
      this.capturing = false;
      this.open(name, parent, tag.attributes);
    });
    this.sax.on('text', (t) => {
      if (this.capturing) this.text += t;
    });
    this.sax.on('cdata', (t) => {
      if (this.capturing) this.text += t;
    });
    this.sax.on('closetag', (tag: SaxesTagPlain) => {
      const name = localName(tag.name);
      this.path.pop();
      const text = this.capturing ? this.text.trim() : '';
      this.capturing = false;
      this.close(name, this.path[this.path.length - 1], text);
    });
  }

  protected abstract open(name: string, parent: string | undefined, attrs: Record<string, string>): void;
  protected abstract close(name: string, parent: string | undefined, text: string): void;
  protected abstract result(): ParsedOfacList;

  write(text: string): void {
    try {
      this.sax.write(text);
    } catch (error) {
      throw this.malformed(error);
    }
  }

  end(): ParsedOfacList {
    try {
      this.sax.close();
    } catch (error) {
      throw this.malformed(error);
    }
    return this.result();
  }

  private malformed(error: unknown): SanctionsListError {
    if (error instanceof SanctionsListError) return error;
    const why = error instanceof Error ? error.message : String(error);
    return new SanctionsListError(
      'malformed',
      `the ${ofacFormatNames[this.format]} file is not well-formed XML (${why}); it may be cut short: download it again`,
      { cause: error },
    );
  }
}
