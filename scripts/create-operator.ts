import { main } from '../api/cli.ts';

// `npm run create-operator -- --email ops@example.com [--password …]`: the CLI's command, as the binary runs it.
await main(['create-operator', ...process.argv.slice(2)]);
