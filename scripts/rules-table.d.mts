// Types of rules-table.mjs for the tests that import it.
import type { ESLint } from 'eslint';

export declare const BEGIN: string;
export declare const END: string;
export declare function rulesTable(plugin: ESLint.Plugin): string;
export declare function withRulesTable(markdown: string, table: string): string;
