import { PRODUCT_VERSION } from '../product-version.ts';
import type { Command } from './command.ts';

export const version: Command = {
  summary: 'print the version',
  usage: 'swipegrid version',
  async run() {
    console.log(`swipegrid ${PRODUCT_VERSION} (node ${process.version}, ${process.platform}-${process.arch})`);
    return 0;
  },
};
