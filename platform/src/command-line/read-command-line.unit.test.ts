import fc from 'fast-check';
import { readCommandLine } from './read-command-line';

const options = { file: { type: 'string' }, url: { type: 'string' }, 'allow-older': { type: 'boolean' } } as const;
const read = (...argv: string[]) => readCommandLine(argv, options, { positionals: 1 });

describe('readCommandLine', () => {
  it('takes a value after the option or after =, switches, -h and one plain argument', () => {
    expect(read('--file', 'sdn.xml')).toEqual({ values: { file: 'sdn.xml' }, positionals: [] });
    expect(read('--url=https://x.example/a=b', '--allow-older', 'ofac')).toEqual({
      values: { url: 'https://x.example/a=b', 'allow-older': true },
      positionals: ['ofac'],
    });
    expect(read('-h')).toEqual({ values: { help: true }, positionals: [] });
    expect(read('--help')).toEqual({ values: { help: true }, positionals: [] });
    // After `--`, a dash is a plain argument.
    expect(read('--', '-odd-name')).toEqual({ values: {}, positionals: ['-odd-name'] });
    expect(read('--file=-odd.xml')).toEqual({ values: { file: '-odd.xml' }, positionals: [] });
  });

  it('refuses in one line what the command does not take', () => {
    expect(read('--bogus')).toBe('unknown argument: --bogus');
    expect(read('--bogus=1')).toBe('unknown argument: --bogus');
    expect(read('-x')).toBe('unknown argument: -x');
    expect(read('one', 'two')).toBe('unknown argument: two');
    expect(readCommandLine(['stray'], options)).toBe('unknown argument: stray');
    expect(read('--file')).toBe('--file needs a value');
    expect(read('--file=')).toBe('--file needs a value');
    expect(read('--file', '--url', 'https://x.example')).toBe('--file needs a value');
    expect(read('--file', 'a', '--file=b')).toBe('--file given twice');
    expect(read('--allow-older=yes')).toBe('--allow-older takes no value');
  });

  it('reads a value the same way after a space or after = (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => !s.startsWith('-')),
        fc.constantFrom('file', 'url'),
        (value, name) => {
          const spaced = read(`--${name}`, value);
          expect(spaced).toEqual(read(`--${name}=${value}`));
          expect(spaced).toEqual({ values: { [name]: value }, positionals: [] });
        },
      ),
    );
  });
});
