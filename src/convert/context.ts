/** State shared by the steps of one conversion: notes, explicit origins, where copied nodes came from. */
import { toPointer } from '../findings/finding.js';
import type { ConversionNote } from './types.js';
import type { Obj } from './json.js';

/** A step run on the converted (3.x) document after swagger2openapi. */
export type PostStep = (doc3: Obj, ctx: ConversionContext) => void;

/** Collects what the steps of one conversion report and record; created per convertSwagger2 call. */
export class ConversionContext {
  readonly notes: ConversionNote[] = [];
  /** Explicit origins recorded by repairs: pointer in the 3.x document → path in the 2.0 input. */
  readonly origins = new Map<string, string[]>();
  /**
   * Where a node of the working copy came from when a repair moved or copied it (e.g. a path-level
   * body parameter copied into an operation). Keyed by the working copy's object.
   */
  readonly movedFrom = new WeakMap<object, string[]>();

  private readonly noteKeys = new Set<string>();

  /**
   * Adds a note; `source` is copied so callers may reuse their arrays. A note identical to an
   * earlier one is dropped: one 2.0 node (a shared global parameter, a path-level parameter) is
   * often converted once per operation that uses it.
   */
  note(code: string, severity: ConversionNote['severity'], message: string, source: readonly string[], fault?: ConversionNote['fault']): void {
    const key = `${code}\u0000${message}\u0000${toPointer(source)}`;
    if (this.noteKeys.has(key)) return;
    this.noteKeys.add(key);
    this.notes.push({ code, severity, message, source: [...source], ...(fault ? { fault } : {}) });
  }

  /** Records that the 3.x node at `path3` (and everything below it) came from `path2`. */
  recordOrigin(path3: readonly string[], path2: readonly string[]): void {
    this.origins.set(toPointer(path3), [...path2]);
  }
}
