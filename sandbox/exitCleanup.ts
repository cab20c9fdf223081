/**
 * Clean-up that must happen however the process ends: a signal during start-up ends the sandbox
 * command with `process.exit` (seeding cannot be interrupted half-way and closed cleanly), and a
 * throwaway folder or a data-folder lock must not outlive it. `exit` listeners run synchronously,
 * so each clean-up is synchronous too.
 */
const pending = new Set<() => void>();
let listening = false;

function runPending(): void {
  for (const cleanup of pending) {
    try {
      cleanup();
    } catch {
      // The process is ending: one failed clean-up must not stop the others.
    }
  }
  pending.clear();
}

/** Runs `cleanup` when the process exits, unless the returned function is called first. */
export function onProcessExit(cleanup: () => void): () => void {
  if (!listening) {
    process.on('exit', runPending);
    listening = true;
  }
  pending.add(cleanup);
  return () => {
    pending.delete(cleanup);
  };
}
