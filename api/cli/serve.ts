import { closeOnSignals, startServer } from '../server.ts';
import { parseOptions, type Command } from './command.ts';

export const serve: Command = {
  summary: 'start the admin and the published sites (the default)',
  usage: 'swipegrid [serve]        settings from the environment and ./.env (see .env.example)',
  async run(args) {
    parseOptions(args, {});
    const server = await startServer();
    closeOnSignals(server);
    return 'running';
  },
};
