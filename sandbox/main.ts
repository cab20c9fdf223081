/** Entry of `npm run sandbox` (bundled to dist/sandbox.js). */
import { runSandboxCommand } from './sandboxCommand';

void runSandboxCommand(process.argv.slice(2)).then((code) => process.exit(code));
