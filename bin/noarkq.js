#!/usr/bin/env node
// The `noarkq` command: runs the bundled CLI, built by `npm ci` (prepare) or `npm run build`.
const path = require('node:path');
const fs = require('node:fs');
const bundle = path.join(__dirname, '..', 'dist', 'cli.js');
if (!fs.existsSync(bundle)) {
  process.stderr.write(`noarkq: ${bundle} is missing; run "npm run build" in ${path.dirname(__dirname)}\n`);
  process.exit(2);
}
require(bundle);
