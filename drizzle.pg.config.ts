import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The PostgreSQL twin of api/db/schema*.ts (api/db/pg/schema.ts); its own migrations folder.
  schema: './api/db/pg/schema*.ts',
  out: './api/db/pg/migrations',
});
