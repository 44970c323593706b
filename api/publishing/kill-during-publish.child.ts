// The server the kill -9 test kills (kill-during-publish.test.ts). It loads its code and the
// built viewer first, says `loaded`, and starts the real server (startServer: database,
// storage, start-up recovery and sweep, both hosts) only when told `start` on stdin, so the
// test can load the next server while the current one is publishing.
import { loadRenderer } from '../../publisher/renderer.ts';
import { startServer } from '../server.ts';

await loadRenderer();
console.log('loaded');
await new Promise((resolve) => process.stdin.once('data', resolve));
await startServer();
