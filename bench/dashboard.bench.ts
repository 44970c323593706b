/**
 * `npm run bench -- dashboard`: the operator's dashboard calls over 10,000 accounts and 13 months
 * of invoices (bench/billing-dashboard.ts, which the billing bench also runs). Figures also go to
 * bench/results/dashboard.json.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { benchDashboard } from './billing-dashboard.ts';

console.log(`Dashboard (${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)})`);
const result = await benchDashboard();
await writeFile(new URL('./results/dashboard.json', import.meta.url), `${JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, ...result }, null, 2)}\n`);
