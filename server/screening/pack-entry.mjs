// Pack worker bootstrap: worker threads do not inherit a TypeScript loader in
// every host (vitest, plain node), so register tsx here, then load the worker.
import { register } from 'tsx/esm/api';

register();
await import('./pack-worker.ts');
