import { backup } from './cli/backup.ts';
import { type Command, UsageError } from './cli/command.ts';
import { createOperator } from './cli/create-operator.ts';
import { exportSite } from './cli/export.ts';
import { migrate } from './cli/migrate.ts';
import { rebuild } from './cli/rebuild.ts';
import { restore } from './cli/restore.ts';
import { serve } from './cli/serve.ts';
import { version } from './cli/version.ts';
import { worker } from './cli/worker.ts';

const COMMANDS: Record<string, Command> = { serve, rebuild, 'create-operator': createOperator, export: exportSite, backup, restore, migrate, worker, version };

function overallUsage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return `Usage: swipegrid [command] [options]     (npm start and the npm scripts run the same commands)

Commands:
${lines.join('\n')}

Settings come from the environment and ./.env (see .env.example). \`swipegrid <command> --help\` shows a command's options.`;
}

/**
 * The one entry of every command: `npm start` (scripts/start.ts), the npm scripts and the single
 * binary (api/binary/launcher.ts) all call this. Resolves to the exit code, or `'running'` while a
 * server keeps the process alive. Bad arguments print what was wrong and the usage, and give 2.
 */
export async function runCli(argv: readonly string[]): Promise<number | 'running'> {
  const [first, ...rest] = argv;
  if (first === '--help' || first === '-h' || first === 'help') {
    console.log(overallUsage());
    return 0;
  }
  if (first === '--version') return version.run([]);
  const name = first === undefined || first.startsWith('-') ? 'serve' : first;
  const args = first === undefined || first.startsWith('-') ? [...argv] : rest;
  const command = COMMANDS[name];
  if (!command) {
    console.error(`swipegrid: unknown command "${name}"\n\n${overallUsage()}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    console.log(`Usage: ${command.usage}`);
    return 0;
  }
  try {
    return await command.run(args);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`swipegrid ${name}: ${error.message}\n\nUsage: ${command.usage}`);
      return 2;
    }
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

/** Runs the command line and ends the process with its code, unless a server is left running. */
export async function main(argv: readonly string[]): Promise<void> {
  const code = await runCli(argv);
  if (code !== 'running') process.exit(code);
}

if (import.meta.main) await main(process.argv.slice(2));
