// A minimal editor for `vscode-eslint-language-server`: spawns the server from a project's node_modules and
// speaks LSP over stdio the way the VS Code ESLint extension does, recording what the server asks of it.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ApplyWorkspaceEditRequest,
  type ClientCapabilities,
  ConfigurationRequest,
  ExitNotification,
  InitializeRequest,
  InitializedNotification,
  LogMessageNotification,
  type MessageConnection,
  RegistrationRequest,
  type Registration,
  ShutdownRequest,
  type WorkspaceEdit,
  StreamMessageReader,
  StreamMessageWriter,
  createMessageConnection,
} from 'vscode-languageserver-protocol/node';
import { vscodeEslintSettings } from './vscode-eslint-settings.ts';

/** Long enough for a cold ESLint + typescript-eslint load on a busy 2-core machine. */
const ANSWER_TIMEOUT_MS = 30_000;

// The code-action kinds VS Code declares; the server offers code actions only to clients that list some.
const CODE_ACTION_KINDS = ['', 'quickfix', 'refactor', 'refactor.extract', 'refactor.inline', 'refactor.rewrite', 'source', 'source.organizeImports', 'source.fixAll'];

const capabilities: ClientCapabilities = {
  workspace: {
    applyEdit: true,
    workspaceEdit: { documentChanges: true },
    configuration: true,
    workspaceFolders: true,
    didChangeConfiguration: { dynamicRegistration: true },
    executeCommand: { dynamicRegistration: true },
  },
  textDocument: {
    synchronization: { dynamicRegistration: true, didSave: true },
    diagnostic: { dynamicRegistration: true, relatedDocumentSupport: false },
    codeAction: { dynamicRegistration: true, isPreferredSupport: true, codeActionLiteralSupport: { codeActionKind: { valueSet: CODE_ACTION_KINDS } } },
  },
};

export interface EslintLanguageClient {
  connection: MessageConnection;
  /** Every `workspace/applyEdit` the server sent, in order (each answered `applied: true`). */
  appliedEdits: WorkspaceEdit[];
  /** `client/registerCapability` registrations. */
  registrations: Registration[];
  /** How many `workspace/configuration` items the server asked for. */
  configurationItems: number;
  /** A request with a deadline; a late or failed answer rejects with the server's log and stderr. */
  request<R>(method: string, params: unknown): Promise<R>;
  /** Resolves with the next `workspace/applyEdit` after the call. */
  nextAppliedEdit(): Promise<WorkspaceEdit>;
  /** What the server said: its stderr, `window/logMessage`s and custom ESLint requests/notifications. */
  transcript(): string;
  /** shutdown + exit, then wait for the process to end (killed if it does not); later calls share the first. */
  shutdown(): Promise<number | null>;
}

export async function startEslintLanguageClient(projectDir: string): Promise<EslintLanguageClient> {
  const bin = path.join(projectDir, 'node_modules', '.bin', 'vscode-eslint-language-server');
  const child = spawn(process.execPath, [bin, '--stdio'], { cwd: projectDir, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const log: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const folderUri = pathToFileURL(projectDir).href;
  const folder = { name: path.basename(projectDir), uri: folderUri };
  const client = {
    connection,
    appliedEdits: [] as WorkspaceEdit[],
    registrations: [] as Registration[],
    configurationItems: 0,
  };
  const editWaiters: ((edit: WorkspaceEdit) => void)[] = [];
  let stopped: Promise<number | null> | undefined;

  const transcript = () => `server log:\n${log.join('\n') || '(empty)'}\nserver stderr:\n${stderr || '(empty)'}`;
  const failure = (what: string) => new Error(`${what}\n${transcript()}`);
  const deadline = <T>(what: string, answer: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(failure(`${what}: no answer within ${ANSWER_TIMEOUT_MS} ms.`)), ANSWER_TIMEOUT_MS)));
    const died = exited.then((code) => Promise.reject(failure(`${what}: the server exited (code ${code}) before answering.`)));
    const failed = answer.catch((error: unknown) => Promise.reject(failure(`${what} failed: ${error instanceof Error ? error.message : String(error)}`)));
    return Promise.race([failed, late, died]).finally(() => clearTimeout(timer));
  };

  connection.onRequest(ConfigurationRequest.type, (params) => {
    client.configurationItems += params.items.length;
    // As the extension does: settings for a resource, null for a named section.
    return params.items.map((item) => (item.section || !item.scopeUri ? null : vscodeEslintSettings(folder)));
  });
  connection.onRequest(RegistrationRequest.type, (params) => {
    client.registrations.push(...params.registrations);
  });
  connection.onRequest(ApplyWorkspaceEditRequest.type, (params) => {
    client.appliedEdits.push(params.edit);
    editWaiters.shift()?.(params.edit);
    return { applied: true };
  });
  connection.onNotification(LogMessageNotification.type, (params) => {
    log.push(params.message);
  });
  // eslint/status, eslint/noLibrary, eslint/noConfig, eslint/probeFailed...: kept for failure messages.
  connection.onNotification((method, params) => {
    log.push(`${method} ${JSON.stringify(params)}`);
  });
  connection.onRequest((method, params) => {
    log.push(`${method} ${JSON.stringify(params)}`);
    return {};
  });
  connection.listen();

  const request = <R>(method: string, params: unknown) => deadline<R>(method, connection.sendRequest(method, params) as Promise<R>);
  await request(InitializeRequest.method, {
    processId: process.pid,
    clientInfo: { name: 'uproot language-server test' },
    rootUri: folderUri,
    workspaceFolders: [folder],
    capabilities,
    initializationOptions: {},
  });
  await connection.sendNotification(InitializedNotification.type, {});

  return {
    ...client,
    get configurationItems() {
      return client.configurationItems;
    },
    request,
    nextAppliedEdit: () => deadline('workspace/applyEdit from the server', new Promise<WorkspaceEdit>((resolve) => editWaiters.push(resolve))),
    transcript,
    shutdown: () => (stopped ??= shutdown(child, connection, request, exited)),
  };
}

async function shutdown(child: ChildProcess, connection: MessageConnection, request: (method: string, params: unknown) => Promise<unknown>, exited: Promise<number | null>): Promise<number | null> {
  // However the handshake goes, the process does not outlive the test.
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  try {
    if (child.exitCode === null && child.signalCode === null) {
      await request(ShutdownRequest.method, undefined);
      await connection.sendNotification(ExitNotification.type);
    }
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    await exited;
    clearTimeout(timer);
    connection.dispose();
  }
  return exited;
}
