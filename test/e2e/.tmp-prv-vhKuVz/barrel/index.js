export * from '../roots-state.js';
