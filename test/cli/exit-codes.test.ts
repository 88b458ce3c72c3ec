// design.md §5 exit codes, for every output format: 0 nothing left to do, 1 `--check` found sites,
// 2 a usage error or any failed file (the other files still reported).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../packages/uproot/src/exit-codes.ts';
import { colourlessEnv, removeTree, tempTree, toolServer, uproot, uprootProcess } from './helpers.ts';

let clean: string;
let withSites: string;
let broken: string;
beforeAll(() => {
  clean = tempTree({ 'plain.ts': 'export const answer = 42;\n', 'mentions.ts': "export const label = 'roots/list';\n" });
  withSites = tempTree({ 'server.ts': toolServer, 'plain.ts': 'export {};\n' });
  broken = tempTree({ 'server.ts': toolServer, 'broken.ts': toolServer.replace('const server =', 'const server = ;') });
});
afterAll(() => [clean, withSites, broken].forEach(removeTree));

const formats = ['text', 'json', 'sarif'];

describe('exit codes', () => {
  it('match the contract', () => {
    expect(ExitCode).toEqual({ Clean: 0, WorkRemains: 1, Failure: 2 });
  });

  for (const format of formats) {
    describe(`--format ${format}`, () => {
      it('exits 0 when there is nothing to do, with or without --check', async () => {
        expect((await uproot(['scan', '--format', format], clean)).code).toBe(0);
        expect((await uproot(['scan', '--format', format, '--check'], clean)).code).toBe(0);
      });

      it('exits 0 with sites, 1 with sites and --check', async () => {
        expect((await uproot(['scan', '--format', format], withSites)).code).toBe(0);
        expect((await uproot(['scan', '--format', format, '--check'], withSites)).code).toBe(1);
      });

      it('exits 2 when a file failed, even with sites and --check, and still reports the other files', async () => {
        const run = await uproot(['scan', '--format', format, '--check'], broken);
        expect(run.code).toBe(2);
        expect(run.out).toContain('server.ts');
        expect(run.out).toContain('broken.ts');
      });
    });
  }

  it('exits 2 on usage errors and says what was wrong on stderr', async () => {
    const badFormat = await uproot(['scan', '--format', 'xml'], clean);
    expect(badFormat.code).toBe(2);
    expect(badFormat.out).toBe('');
    expect(badFormat.err).toContain("argument 'xml' is invalid. Allowed choices are text, json, sarif");
    const badOption = await uproot(['scan', '--bogus'], clean);
    expect(badOption.code).toBe(2);
    expect(badOption.err).toContain("unknown option '--bogus'");
    const badCommand = await uproot(['scna'], clean);
    expect(badCommand.code).toBe(2);
    expect(badCommand.err).toContain("unknown command 'scna'");
  });

  it('exits 2 when a given path does not exist', async () => {
    const run = await uproot(['scan', 'nowhere', '--check'], withSites);
    expect(run.code).toBe(2);
    expect(run.out).toContain('error nowhere: does not exist');
  });

  it('exits 0 for --help and --version', async () => {
    expect((await uproot(['scan', '--help'], clean)).code).toBe(0);
    expect((await uproot(['--version'], clean)).code).toBe(0);
  });

  it('reaches the shell through the real executable', () => {
    const env = colourlessEnv();
    expect(uprootProcess(['scan', '--check'], withSites, env).code).toBe(1);
    expect(uprootProcess(['scan', '--format', 'json'], broken, env).code).toBe(2);
  });
});
