import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  // One schema file per area (schema.ts, schema-identity.ts, …), all in the same migrations.
  schema: './api/db/schema*.ts',
  out: './api/db/migrations',
});
