import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../api/cli.ts', import.meta.url));
/** Lines kept for `waitFor`: a process's start-up lines, not its whole log. */
const KEPT_LINES = 500;
/** How long a process has to finish its work in hand after SIGTERM before it is killed. */
const STOP_GRACE_MS = 20_000;

export type AppProcess = {
  name: string;
  child: ChildProcess;
  /** Resolves with the first line (of the last KEPT_LINES, or to come) matching; rejects if the process ends first. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM (a server writes its queued events, a worker finishes its publish), then SIGKILL after a grace period. */
  stop(): Promise<void>;
};

/**
 * Runs `node api/cli.ts <args>` with `env` added to this process's environment (names set to
 * undefined are removed), every line of its stdout and stderr handed to `out` prefixed with its name.
 */
export function startAppProcess(name: string, args: readonly string[], env: Record<string, string | undefined>, out: (line: string) => void): AppProcess {
  const merged = { ...process.env, ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  // A process group of its own: a terminal's Ctrl-C reaches only the cluster script, which stops the nodes before the workers.
  const child = spawn(process.execPath, [CLI, ...args], { env: merged, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const lines: string[] = [];
  const waiting = new Set<(line: string) => void>();
  const prefix = `[${name}]`.padEnd(11);
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      out(`${prefix}${line}`);
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
      for (const check of waiting) check(line);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  return {
    name,
    child,
    exited,
    waitFor(pattern) {
      for (const line of lines) {
        const match = pattern.exec(line);
        if (match) return Promise.resolve(match);
      }
      if (ended()) return Promise.reject(new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before printing ${pattern}`));
      return new Promise((resolve, reject) => {
        const check = (line: string) => {
          const match = pattern.exec(line);
          if (!match) return;
          waiting.delete(check);
          resolve(match);
        };
        waiting.add(check);
        void exited.then((code) => {
          if (!waiting.delete(check)) return;
          reject(new Error(`${name} exited (${code ?? child.signalCode}) before printing ${pattern}`));
        });
      });
    },
    async stop() {
      if (ended()) return;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await gone;
      clearTimeout(timer);
    },
  };
}
