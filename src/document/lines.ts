/** Offset → 1-based line/column over a text, with the line table built once on first use. */
export class LineIndex {
  private starts: Uint32Array | number[] | undefined;
  /** `lineStarts`: 0 and the offset after each line feed, when already known. */
  constructor(
    private readonly text: string,
    lineStarts?: number[],
  ) {
    this.starts = lineStarts;
  }

  private build(): Uint32Array {
    const t = this.text;
    let count = 1;
    for (let i = t.indexOf('\n'); i !== -1; i = t.indexOf('\n', i + 1)) count++;
    const starts = new Uint32Array(count);
    let n = 1;
    for (let i = t.indexOf('\n'); i !== -1; i = t.indexOf('\n', i + 1)) starts[n++] = i + 1;
    this.starts = starts;
    return starts;
  }

  /** 1-based line and column (UTF-16 code units) of a 0-based offset. */
  position(offset: number): { line: number; column: number } {
    const starts: ArrayLike<number> = this.starts ?? this.build();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }

  /** 0-based offset of a 1-based line and column. */
  offset(line: number, column: number): number {
    const starts: ArrayLike<number> = this.starts ?? this.build();
    return (starts[Math.min(Math.max(line, 1), starts.length) - 1] ?? 0) + column - 1;
  }
}
