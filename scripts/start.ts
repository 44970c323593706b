import { ensureBuilt } from './build-template.ts';

// Builds the viewer and the admin only when their sources changed, then serves.
await ensureBuilt();
const { closeOnSignals, startServer } = await import('../api/server.ts');
const server = await startServer().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
closeOnSignals(server);
