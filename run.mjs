import { Worker } from 'node:worker_threads';
for (const f of ['empty.mjs','cp.mjs','empty.mjs','cp.mjs','empty.mjs','cp.mjs']) {
  const t = performance.now(); const w = new Worker(new URL('./'+f, import.meta.url));
  await new Promise(r => w.once('message', r)); console.log(f, (performance.now()-t).toFixed(1)); await w.terminate();
}
