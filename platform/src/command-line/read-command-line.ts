/**
 * The command line of an operator's command (`npm run audit:verify -- --data-dir DIR`,
 * `sanctions:sync -- --file PATH`, …), read by Node's own `util.parseArgs` and held to one set of
 * rules, refused in one plain line each: an option the command does not take, a value missing or
 * given to a switch, an option given twice, more plain arguments than the command takes.
 * `-h`/`--help` is always taken.
 */
import { parseArgs } from 'node:util';

/** What an operator's command is given to run: its arguments and environment, and where it writes. */
export interface CommandIO {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

export type CommandLineOptions = Record<string, { type: 'string' | 'boolean' }>;

export type CommandLineValues<O extends CommandLineOptions> = { [K in keyof O]?: O[K]['type'] extends 'string' ? string : boolean } & {
  help?: boolean;
};

export interface CommandLine<O extends CommandLineOptions> {
  values: CommandLineValues<O>;
  /** The plain arguments, in order (at most `positionals`). */
  positionals: string[];
}

/**
 * `argv` read against `options`, taking at most `positionals` plain arguments (none unless said);
 * the first refusal as one line otherwise (`unknown argument: --x`, `--file needs a value`,
 * `--file given twice`, `--allow-older takes no value`).
 */
export function readCommandLine<O extends CommandLineOptions>(
  argv: readonly string[],
  options: O,
  limits: { positionals?: number } = {},
): CommandLine<O> | string {
  const config = { ...options, help: { type: 'boolean' as const, short: 'h' } };
  // Not strict: the refusals below are said as this project says them, not as Node's errors do.
  const { tokens } = parseArgs({ args: [...argv], options: config, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      if (positionals.length >= (limits.positionals ?? 0)) return `unknown argument: ${token.value}`;
      positionals.push(token.value);
      continue;
    }
    const option = Object.hasOwn(config, token.name) ? config[token.name] : undefined;
    if (!option) return `unknown argument: ${token.rawName}`;
    const shown = `--${token.name}`;
    if (option.type === 'boolean') {
      if (token.value !== undefined) return `${shown} takes no value`;
      values[token.name] = true;
      continue;
    }
    // A value that looks like another option is that option, not this one's value.
    if (token.value === undefined || token.value === '' || (!token.inlineValue && token.value.startsWith('-'))) return `${shown} needs a value`;
    if (values[token.name] !== undefined) return `${shown} given twice`;
    values[token.name] = token.value;
  }
  return { values: values as CommandLineValues<O>, positionals };
}
