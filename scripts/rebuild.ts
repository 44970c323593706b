import { ensureBuilt } from './build-template.ts';

// `npm run rebuild -- --site ID | --all`: the CLI's rebuild, on a viewer built from today's sources.
await ensureBuilt();
const { main } = await import('../api/cli.ts');
await main(['rebuild', ...process.argv.slice(2)]);
