// Peak memory for `npm run bench`: loaded into every measured Node process (NODE_OPTIONS=--import),
// it appends "<pid> <maxRSS kB> <user+system CPU µs>" to $BENCH_RSS_FILE when the process exits. maxRSS is the kernel's
// own high-water mark of resident memory (getrusage ru_maxrss), so no sampling can miss a peak.
import { appendFileSync } from 'node:fs';

const out = process.env.BENCH_RSS_FILE;
if (out) {
  process.on('exit', () => {
    try {
      const usage = process.resourceUsage();
      appendFileSync(out, `${process.pid} ${usage.maxRSS} ${usage.userCPUTime + usage.systemCPUTime}\n`);
    } catch {
      // the bench reports a missing figure; never change the subject's exit
    }
  });
}
