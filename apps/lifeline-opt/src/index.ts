export { main, runDriver, type DriverIO } from './main.js';
export { parseArgs, type DriverOptions } from './options.js';
