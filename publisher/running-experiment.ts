import { runningExperimentSchema, type RunningExperiment } from '../model/ab/experiment.ts';
import type { Storage } from '../storage/storage.ts';

/**
 * The experiment the site host assigns visitors by, beside the live pointer: starting or stopping
 * an experiment writes or deletes this one small object, no republish, and the variants' files
 * are already in the live version (publisher/variant-files.ts).
 */
export const experimentKey = (siteId: string) => `sites/${siteId}/experiment.json`;

export async function writeRunningExperiment(storage: Storage, siteId: string, experiment: RunningExperiment): Promise<void> {
  await storage.put(experimentKey(siteId), JSON.stringify(runningExperimentSchema.parse(experiment)), { contentType: 'application/json', cacheControl: 'no-cache' });
}

export async function clearRunningExperiment(storage: Storage, siteId: string): Promise<void> {
  await storage.delete(experimentKey(siteId));
}

/** The running experiment of a site, or null; a damaged object is treated as none, so visitors still get the control pages. */
export async function readRunningExperiment(storage: Storage, siteId: string): Promise<RunningExperiment | null> {
  const object = await storage.get(experimentKey(siteId)).catch(() => null);
  if (!object) return null;
  try {
    const parsed = runningExperimentSchema.safeParse(JSON.parse(Buffer.from(object.body).toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
