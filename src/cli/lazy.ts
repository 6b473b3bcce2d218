/**
 * Command actions that import their module only when the command runs, so `apictl --version`
 * loads nothing heavy. Each caller passes `() => import('./commands/x.js')` with a literal path:
 * the CLI bundle (scripts/bundle-cli.mjs) can then follow it.
 */
type CommandModule = Record<string, unknown>;
type Action = (...a: unknown[]) => Promise<number>;

/** An action running `name` (default `run`) of the module `load` imports; its result is the exit code. */
export function lazy(load: () => Promise<CommandModule>, name = 'run') {
  return async (...args: unknown[]): Promise<void> => {
    const mod = await load();
    process.exitCode = await (mod[name] as Action)(...args);
  };
}
