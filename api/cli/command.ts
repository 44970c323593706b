import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A subcommand of `swipegrid` (api/cli.ts): `npm start`, the npm scripts and the binary all run these, so they cannot drift. */
export type Command = {
  summary: string;
  usage: string;
  /** The exit code, or `'running'` for a command that keeps the process alive (serve). */
  run(args: string[]): Promise<number | 'running'>;
};

/** A wrong argument: the CLI prints the message and the command's usage, and exits with 2. */
export class UsageError extends Error {}

/** node:util's parseArgs, strict, its refusals turned into usage errors that name the option. */
export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
