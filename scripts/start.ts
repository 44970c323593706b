import { ensureBuilt } from './build-template.ts';

// Builds the viewer and the admin only when their sources changed, then runs the command line (serve by default), as the binary does.
await ensureBuilt();
const { main } = await import('../api/cli.ts');
await main(process.argv.slice(2));
