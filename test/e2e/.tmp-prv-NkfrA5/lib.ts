// The barrel the server imports its helpers through.
export { updateFromRoots } from './update.js';
export { treeDepth, validatePath } from './check.js';
