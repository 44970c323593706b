/** How long after the last change the page saves itself. */
export const AUTOSAVE_MS = 800;

/** What a save attempt answered: written, or why not (`hold`: do not try again until the owner chooses, e.g. a stale page). */
export type SaveOutcome = { ok: true } | { ok: false; reason: string; hold?: boolean };

/** What the editor's bar says about the page's draft. */
export type SaveState = { kind: 'saved'; at: number | null } | { kind: 'pending' } | { kind: 'saving' } | { kind: 'failed'; reason: string };

type Clock = { set(run: () => void, ms: number): unknown; clear(timer: unknown): void; now(): number };
const realClock: Clock = { set: (run, ms) => setTimeout(run, ms), clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>), now: () => Date.now() };

/**
 * Saves an edited value by itself: a change waits AUTOSAVE_MS for the next (typing is one save),
 * one save runs at a time, and a change made while one runs is saved after it. `flush` saves at
 * once (leaving a page, blur) and answers whether everything typed is stored. A refusal keeps the
 * change pending; a held one (another tab saved first) stops saving until `resume`.
 */
export class Autosaver {
  private timer: unknown = null;
  private pending = false;
  private held = false;
  private running: Promise<void> | null = null;

  private readonly save: () => Promise<SaveOutcome>;
  private readonly onState: (state: SaveState) => void;
  private readonly delay: number;
  private readonly clock: Clock;

  constructor(save: () => Promise<SaveOutcome>, onState: (state: SaveState) => void, delay = AUTOSAVE_MS, clock: Clock = realClock) {
    this.save = save;
    this.onState = onState;
    this.delay = delay;
    this.clock = clock;
  }

  /** The value changed: save it after the pause. */
  changed(): void {
    this.pending = true;
    if (this.held) return;
    if (!this.running) this.set({ kind: 'pending' });
    this.clock.clear(this.timer);
    this.timer = this.clock.set(() => void this.run(), this.delay);
  }

  /** Saves what is pending now; true when nothing typed is left unsaved. */
  async flush(): Promise<boolean> {
    this.clock.clear(this.timer);
    this.timer = null;
    if (this.held) return !this.pending;
    while (this.running) await this.running;
    if (this.pending) await this.run();
    return !this.pending;
  }

  /** The owner chose (reloaded the latest page): what the form now holds is the saved state. */
  resume(): void {
    this.held = false;
    this.pending = false;
    this.set({ kind: 'saved', at: null });
  }

  /** Whether a change is waiting to be saved or was refused. */
  get unsaved(): boolean {
    return this.pending || this.running !== null;
  }

  dispose(): void {
    this.clock.clear(this.timer);
  }

  private run(): Promise<void> {
    if (this.running) {
      // A change arrived while saving: it goes once this save answers.
      return this.running.then(() => (this.pending && !this.held ? this.run() : undefined));
    }
    this.pending = false;
    this.set({ kind: 'saving' });
    this.running = this.save()
      .then(
        (outcome) => outcome,
        (error: unknown): SaveOutcome => ({ ok: false, reason: error instanceof Error ? error.message : String(error) }),
      )
      .then((outcome) => {
        this.running = null;
        if (!outcome.ok) {
          this.pending = true;
          this.held = outcome.hold === true;
          this.set({ kind: 'failed', reason: outcome.reason });
        } else if (this.pending) {
          this.set({ kind: 'pending' });
        } else {
          this.set({ kind: 'saved', at: this.clock.now() });
        }
      });
    return this.running;
  }

  private set(state: SaveState): void {
    this.onState(state);
  }
}
