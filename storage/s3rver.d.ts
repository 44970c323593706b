// s3rver 3.7 ships no types; this declares the part the test server uses.
declare module 's3rver' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';

  type S3rverOptions = { directory: string; silent?: boolean; port?: number; address?: string; configureBuckets?: { name: string; configs: string[] }[] };

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    httpServer: Server;
    store: {
      existsObject(bucket: string, key: string): Promise<boolean>;
      getMetadata(bucket: string, key: string): Promise<{ etag?: string }>;
    };
  }
}
