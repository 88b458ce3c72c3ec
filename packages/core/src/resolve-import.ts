// Resolution of an import specifier to a project file, parser-free so the CLI's pre-filter can use
// it too. See resolve/project-resolver.ts for what the project may configure.
import { sharedProjectResolver } from './resolve/project-resolver.ts';
import { type Exists, onDisk } from './resolve/source-files.ts';

/** The project source file `spec` names, imported from the file `from`. */
export function resolveImport(from: string, spec: string, exists: Exists = onDisk): string | undefined {
  return sharedProjectResolver.resolve(from, spec, exists);
}
