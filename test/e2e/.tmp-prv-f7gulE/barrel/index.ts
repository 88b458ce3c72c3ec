export * from '../lib.js';
