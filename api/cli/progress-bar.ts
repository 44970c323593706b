import type { PublishProgress } from '../../publisher/publish.ts';

const STEP_NAMES: Record<PublishProgress['step'], string> = { images: 'images', video: 'video ', pages: 'pages ', upload: 'upload' };

/**
 * A terminal progress bar for publish steps: redrawn in place on a terminal, one line per
 * finished step otherwise (CI logs, pipes).
 */
export function createProgressBar(stream: NodeJS.WriteStream = process.stderr, width = 30) {
  let lastStep: string | undefined;
  let lastLine = '';
  return {
    update(progress: PublishProgress) {
      const { step, done, total } = progress;
      const ratio = total === 0 ? 1 : done / total;
      const filled = Math.round(ratio * width);
      const line = `${STEP_NAMES[step]} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
      if (stream.isTTY) {
        if (lastStep && lastStep !== step) stream.write('\n');
        stream.write(`\r${line}`);
      } else if (done === total && line !== lastLine) {
        stream.write(`${line}\n`);
      }
      lastStep = step;
      lastLine = line;
    },
    end() {
      if (stream.isTTY && lastStep) stream.write('\n');
      lastStep = undefined;
    },
  };
}
