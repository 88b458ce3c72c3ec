// Child-process entry for one repository (run.ts spawns it): typed ESLint and tsserver keep whole TypeScript
// programs alive, and over dozens of repositories one process runs out of heap. The row goes to stdout as JSON.
import { checkRepo, type Fronts } from './repo.ts';
import type { LabelledRepo } from './labels.ts';

const { entry, snapshots, work, fronts } = JSON.parse(process.argv[2]!) as { entry: LabelledRepo; snapshots: string; work: string; fronts: Fronts };
try {
  process.stdout.write(JSON.stringify({ row: await checkRepo(entry, snapshots, work, fronts) }));
} catch (e) {
  process.stdout.write(JSON.stringify({ error: (e as Error).message }));
}
