// s3rver 3.7 ships no types; this declares the part the test server uses.
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type S3rverOptions = { directory: string; silent?: boolean };

  export default class S3rver {
    constructor(options: S3rverOptions);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    store: {
      putBucket(bucket: string): Promise<void>;
      existsObject(bucket: string, key: string): Promise<boolean>;
      getMetadata(bucket: string, key: string): Promise<{ etag?: string }>;
    };
  }
}
