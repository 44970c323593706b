import { main } from '../api/cli.ts';

// `npm run export -- --site ID (--out file.zip | --dir folder | --to-storage)`: the CLI's command, as the binary runs it.
await main(['export', ...process.argv.slice(2)]);
