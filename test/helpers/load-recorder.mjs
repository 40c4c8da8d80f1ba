// Loaded with `node --import`: records the URL of every module the process loads, one a line, in
// the file named by RED7_LOAD_LOG, so a test can say what a command ran.
import { register } from 'node:module';

register('./load-recorder-hooks.mjs', import.meta.url);
