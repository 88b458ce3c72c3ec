// The settings object the VS Code ESLint extension answers `workspace/configuration` with, for one open file.
// Shape and defaults follow `readConfiguration` in microsoft/vscode-eslint `client/src/client.ts` and
// `ConfigurationSettings` in `$shared/settings.ts`; the language server reads these fields without defaults.
import type { WorkspaceFolder } from 'vscode-languageserver-protocol';

export function vscodeEslintSettings(workspaceFolder: WorkspaceFolder): Record<string, unknown> {
  return {
    // What the extension's validator answers for a file whose language is in `eslint.validate`.
    validate: 'on',
    packageManager: 'npm',
    useESLintClass: false,
    useRealpaths: false,
    // Server 4.10.0 loads FlatESLint from `eslint/use-at-your-own-risk` only with this opt-in (ESLint 9 has it).
    experimental: { useFlatConfig: true },
    codeActionOnSave: { mode: 'all' },
    format: false,
    quiet: false,
    bulkSuppression: { enable: false, severity: 'info' },
    onIgnoredFiles: 'off',
    options: {},
    rulesCustomizations: [],
    run: 'onType',
    problems: { shortenToSingleLine: false },
    nodePath: null,
    workspaceFolder,
    // What `"eslint.workingDirectories": [{ "mode": "location" }]` sends: run ESLint where the flat config is.
    workingDirectory: { mode: 'location' },
    codeAction: {
      disableRuleComment: { enable: true, location: 'separateLine', commentStyle: 'line' },
      showDocumentation: { enable: true },
    },
  };
}
